import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fillMessage, TOOLS_UI as UI } from '@portal/contracts';
import { PageHeader, Stack } from '@portal/kit';
import { GuidelinesDialog } from '../shared/GuidelinesDialog';
import { Notice, Pill } from '../shared/notices';
import { RIGHTS_HEADINGS, rightsModeOf } from './rights-mode';
import { UgcMode } from './UgcMode';
import { useSupportEmail } from './use-support-email';
import { WhitelistMode } from './WhitelistMode';

/**
 * Rights screen (areas §2): UGC Claims, or Whitelist on the whitelist path. The misuse notice with the
 * support address shows in both; whitelist is marked Beta. Each mode is keyed by its path, so switching
 * resets the form, the chosen release and audio, and the paging (areas §4).
 */
export default function RightsPage() {
  const { pathname } = useLocation();
  const mode = rightsModeOf(pathname);
  const email = useSupportEmail();
  const [guidelines, setGuidelines] = useState<readonly string[] | null>(null);
  return (
    <Stack $gap={16}>
      <PageHeader
        title={
          <>
            {RIGHTS_HEADINGS[mode]}
            {mode === 'whitelist' && <Pill>{UI.beta}</Pill>}
          </>
        }
      />
      <Notice tone="danger">{fillMessage(UI.misuseNotice, { email: email || UI.supportFallback })}</Notice>
      {mode === 'whitelist' ? <WhitelistMode key={mode} onGuidelines={setGuidelines} /> : <UgcMode key={mode} onGuidelines={setGuidelines} />}
      <GuidelinesDialog open={guidelines !== null} title={UI.guidelines} sections={[{ title: '', lines: guidelines ?? [] }]} onClose={() => setGuidelines(null)} />
    </Stack>
  );
}
