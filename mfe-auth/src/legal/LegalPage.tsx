import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { fillText, LEGAL_ENDPOINTS, LEGAL_PATHS, LEGAL_UI, type LegalDocument, type LegalPageName } from '@portal/contracts';
import { Button, Loader, theme, useEndpointQuery, useSession } from '@portal/kit';
import { AuthLayout, FootNote } from '../common/AuthLayout';

const TITLES: Record<LegalPageName, string> = { terms: LEGAL_UI.otherTerms, privacy: LEGAL_UI.otherPrivacy };

/** `YYYY-MM-DD` → `DD/MM/YYYY`, the portal's date format. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

/**
 * /terms and /privacy (docs/decisions/017): the distribution terms and the privacy policy that the
 * sign-up checkbox, the wizard's submission and the video form link to. Open to everyone, logged in or
 * not; the text comes from GET /api/legal/:page (the operator's, else the default), a query of the kit's
 * data layer (docs/decisions/025; the shell provides its client around the open routes). Loading, error
 * with retry, and the document rendered as text only.
 */
export default function LegalPage() {
  const { pathname } = useLocation();
  const page: LegalPageName = pathname.toLowerCase().startsWith(LEGAL_PATHS.privacy) ? 'privacy' : 'terms';
  const other: LegalPageName = page === 'terms' ? 'privacy' : 'terms';
  const loggedIn = useSession((state) => Boolean(state.token));
  const query = useEndpointQuery(LEGAL_ENDPOINTS.getLegalPage, { params: { page } }, { silent: true });
  const doc: LegalDocument | null = query.isError ? null : (query.data?.body ?? null);
  // An answer without a document counts as a failure.
  const failed = !query.isFetching && (query.isError || (query.isSuccess && !query.data.body));
  const load = () => void query.refetch();

  return (
    <AuthLayout title={doc?.title ?? TITLES[page]} width={760} intro={doc ? fillText(LEGAL_UI.updated, { date: dmy(doc.updated) }) : undefined}>
      {!doc && !failed && <Loader label={LEGAL_UI.loading} />}
      {failed && (
        <Failed role="alert">
          <p>{LEGAL_UI.loadFailed}</p>
          <Button type="button" variant="secondary" onClick={() => void load()}>
            {LEGAL_UI.retry}
          </Button>
        </Failed>
      )}
      {doc && (
        <Body>
          {doc.sections.map((section, i) => (
            <section key={`${i}-${section.heading}`} aria-labelledby={`legal-${i}`}>
              <h2 id={`legal-${i}`}>{section.heading}</h2>
              {section.paragraphs.map((text, j) => (
                <p key={j}>{text}</p>
              ))}
            </section>
          ))}
        </Body>
      )}
      <FootNote>
        <Link to={LEGAL_PATHS[other]}>{TITLES[other]}</Link>
        {' · '}
        <Link to={loggedIn ? '/' : '/signup'}>{loggedIn ? LEGAL_UI.backToPortal : LEGAL_UI.backToSignup}</Link>
      </FootNote>
    </AuthLayout>
  );
}

const Body = styled.div`
  line-height: 1.6;
  color: ${theme.colors.text};
  section + section { margin-top: 18px; }
  h2 { margin: 0 0 6px; font-size: ${theme.font.size.md}; font-weight: 700; }
  p { margin: 0 0 8px; overflow-wrap: anywhere; }
`;

const Failed = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;
  color: ${theme.colors.danger};
`;
