import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Button, Card, ErrorBox, Loader, notify, PageHeader, ReleaseGate, useEndpointQuery } from '@portal/kit';
import { FieldsToFixProvider, fieldsToFix } from './fields-to-fix';
import { ReviewNote } from './ReviewNote';
import { EDITABLE_STATUSES, RELEASE_ENDPOINTS, RELEASE_UI, type Release } from '@portal/contracts';
import { RELEASE_ROUTES, idFromPath } from '../shared/routes';
import { useWizardStore } from './wizard.store';
import { draftInput } from './draft-cache';
import { initialStep, isStepDone, isStepEnabled, parseStep, stepsDone, type StepNumber } from './wizard-steps';
import { WizardTabs } from './WizardTabs';
import { ReleaseInfoTab } from './release-info/ReleaseInfoTab';
import { SongInfoTab } from './song-info/SongInfoTab';
import { PlatformTab } from './platform/PlatformTab';
import { SubmissionTab } from './submission/SubmissionTab';


/**
 * /create_releases and /create_releases/{id} (core §2, §4, §6) behind the release gate.
 *
 * Resume: with an id the draft is loaded with getDraft, a query of the kit's data layer asked at each
 * opening (the page waits for that answer: a cached one may miss an unsaved track kept on the server);
 * the steps it has done (wizard-steps.ts) enable the tabs. The open tab lives in `?step=` (the shell matches the pathname only), so a
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
  // A release just created on tab 1 is handed over (its draft already in the cache): no reload, no
  // flash. Anything else is asked fresh, so a reload or a second visit always shows what the server has.
  // (Read once, when this instance mounts; the hand-over is used up by the first release id shown.)
  const [handedOver] = useState(() => useWizardStore.getState().handoff);
  useEffect(() => {
    const { handoff, setHandoff } = useWizardStore.getState();
    if (handoff !== null && releaseId !== null) setHandoff(null);
  }, [releaseId]);
  const handed = releaseId !== null && handedOver === releaseId;
  const draft = useEndpointQuery(RELEASE_ENDPOINTS.getDraft, draftInput(releaseId ?? 0), { enabled: releaseId !== null, silent: true, staleTime: handed ? Infinity : 0 });
  const fromHandoff = handed && draft.data !== undefined;
  const error = draft.error;
  // Session over (0) is the kit's; anything but "not found" gets the server's message.
  useEffect(() => {
    if (error && error.status !== 404 && error.status !== 0) notify.error(error.message);
  }, [error]);
  const failed = releaseId !== null && draft.isError && !draft.isFetching;
  const answered = fromHandoff || (draft.isFetchedAfterMount && !draft.isError);
  const body = answered ? draft.data?.body : undefined;
  const release: Release | null = useMemo(() => (releaseId !== null && body ? { ...body, audios: body.audios ?? [] } : null), [releaseId, body]);
  const load = {
    kind: failed ? (error?.status === 404 ? 'not-found' : 'failed') : releaseId !== null && answered && !body ? 'not-found' : releaseId !== null && !release ? 'loading' : 'idle',
  } as const;

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
              <Button type="button" variant="secondary" onClick={() => void draft.refetch()}>
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
