import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { api, ApiError, Button, Card, ErrorBox, Loader, notify, PageHeader, ReleaseGate } from '@portal/kit';
import { FieldsToFixProvider, fieldsToFix } from './fields-to-fix';
import { ReviewNote } from './ReviewNote';
import { EDITABLE_STATUSES, RELEASE_ENDPOINTS, RELEASE_UI } from '@portal/contracts';
import { RELEASE_ROUTES, idFromPath } from '../shared/routes';
import { useWizardStore } from './wizard.store';
import { initialStep, isStepDone, isStepEnabled, parseStep, stepsDone, type StepNumber } from './wizard-steps';
import { WizardTabs } from './WizardTabs';
import { ReleaseInfoTab } from './release-info/ReleaseInfoTab';
import { SongInfoTab } from './song-info/SongInfoTab';
import { PlatformTab } from './platform/PlatformTab';
import { SubmissionTab } from './submission/SubmissionTab';

type LoadState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'not-found' } | { kind: 'failed' };

/**
 * /create_releases and /create_releases/{id} (core §2, §4, §6) behind the release gate.
 *
 * Resume: with an id the draft is loaded with getDraft; the steps it has done (wizard-steps.ts)
 * enable the tabs. The open tab lives in `?step=` (the shell matches the pathname only), so a
 * reload reopens it; without a usable `?step=` the furthest enabled tab opens.
 */
export function WizardPage() {
  return (
    <ReleaseGate>
      <Wizard />
    </ReleaseGate>
  );
}

function Wizard() {
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const releaseId = idFromPath(location.pathname, RELEASE_ROUTES.wizard);
  const stored = useWizardStore((s) => s.release);
  const setRelease = useWizardStore((s) => s.setRelease);
  const reset = useWizardStore((s) => s.reset);
  const [load, setLoad] = useState<LoadState>({ kind: 'idle' });

  const release = releaseId !== null && stored?.release_id === releaseId ? stored : null;

  const fetchDraft = useCallback(
    async (id: number) => {
      setLoad({ kind: 'loading' });
      try {
        const answer = await api.call(RELEASE_ENDPOINTS.getDraft, { query: { release_id: id } }, { silent: true });
        if (!answer.body) throw new ApiError('', 404, answer);
        setRelease({ ...answer.body, audios: answer.body.audios ?? [] });
        setLoad({ kind: 'idle' });
      } catch (error) {
        const status = error instanceof ApiError ? error.status : 0;
        // Session over (0) is the kit's; anything but "not found" gets the server's message.
        if (error instanceof ApiError && status !== 404 && status !== 0) notify.error(error.message);
        setLoad({ kind: status === 404 ? 'not-found' : 'failed' });
      }
    },
    [setRelease],
  );

  useEffect(() => {
    setLoad({ kind: 'idle' });
    if (releaseId === null) {
      reset();
      return;
    }
    // A release just created on tab 1 is handed over: no reload, no flash. Anything else is
    // loaded fresh, so a reload or a second visit always shows what the server has.
    const { handoff, setHandoff } = useWizardStore.getState();
    setHandoff(null);
    if (handoff?.release_id === releaseId) setRelease(handoff);
    else {
      reset();
      void fetchDraft(releaseId);
    }
  }, [releaseId, fetchDraft, reset, setRelease]);

  useEffect(() => () => reset(), [reset]);

  const done = stepsDone(release);
  const requested = parseStep(searchParams.get('step'));
  const active: StepNumber = releaseId === null ? 1 : initialStep(done, requested);
  const ready = releaseId === null || release !== null;

  // Keep the URL on the open tab so a reload comes back to it.
  useEffect(() => {
    if (releaseId === null || !ready || requested === active) return;
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.set('step', String(active));
        return next;
      },
      { replace: true },
    );
  }, [releaseId, ready, requested, active, setSearchParams]);

  const goTo = useCallback(
    (step: StepNumber) => {
      if (releaseId === null) return;
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.set('step', String(step));
          return next;
        },
        { replace: true },
      );
      window.scrollTo?.({ top: 0, behavior: 'smooth' });
    },
    [releaseId, setSearchParams],
  );

  const title = releaseId === null ? RELEASE_UI.wizard.titleCreate : RELEASE_UI.wizard.titleEdit;
  const header = (
    <PageHeader
      title={title}
      actions={
        <Link to={RELEASE_ROUTES.catalog} style={{ fontWeight: 600 }}>
          {RELEASE_UI.wizard.backToCatalog}
        </Link>
      }
    />
  );

  if (load.kind === 'loading' || (releaseId !== null && !release && load.kind === 'idle')) {
    return (
      <>
        {header}
        <Loader label={RELEASE_UI.wizard.loading} />
      </>
    );
  }
  if (load.kind === 'not-found' || load.kind === 'failed') {
    return (
      <>
        {header}
        <Card>
          <ErrorBox>
            <p>{load.kind === 'not-found' ? RELEASE_UI.detail.notFoundText : RELEASE_UI.wizard.loadFailed}</p>
            {load.kind === 'failed' && releaseId !== null && (
              <Button type="button" variant="secondary" onClick={() => void fetchDraft(releaseId)}>
                {RELEASE_UI.wizard.retry}
              </Button>
            )}
            <Link to={RELEASE_ROUTES.catalog}>{RELEASE_UI.wizard.backToCatalog}</Link>
          </ErrorBox>
        </Card>
      </>
    );
  }
  if (release && !EDITABLE_STATUSES.includes(release.status)) {
    return (
      <>
        {header}
        <Card>
          <ErrorBox>
            <p>{RELEASE_UI.wizard.notEditable}</p>
            <Link to={RELEASE_ROUTES.catalogDetail(release.release_id)}>{RELEASE_UI.wizard.viewRelease}</Link>
          </ErrorBox>
        </Card>
      </>
    );
  }

  // A rejected release's note and the fields its review names stay pinned on every step (docs/decisions/017).
  const toFix = fieldsToFix(release);
  return (
    <>
      {header}
      <ReviewNote release={release} onStep={(step) => isStepEnabled(step, done) && goTo(step)} />
      <FieldsToFixProvider value={toFix}>
      <WizardTabs
        active={active}
        isEnabled={(step) => isStepEnabled(step, done)}
        isDone={(step) => isStepDone(step, done)}
        onSelect={goTo}
      >
        {active === 1 && <ReleaseInfoTab key={release?.release_id ?? 'new'} release={release} onDone={() => goTo(2)} />}
        {active === 2 && release && <SongInfoTab release={release} onNext={() => goTo(3)} />}
        {active === 3 && release && <PlatformTab release={release} onDone={() => goTo(4)} />}
        {active === 4 && release && <SubmissionTab release={release} />}
      </WizardTabs>
      </FieldsToFixProvider>
    </>
  );
}

export default WizardPage;
