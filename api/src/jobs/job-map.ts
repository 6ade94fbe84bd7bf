/**
 * Every job of the API, by name: the data it is queued with and the result its handler answers (both
 * JSON). The jobs module knows no job; each module adds its own by augmenting this interface next to the
 * handler (docs/decisions/018, 034 "Jobs"), so the map is complete once the modules are compiled and the
 * jobs module still imports no area:
 *
 *   declare module '../jobs/job-map' {
 *     interface JobMap { 'mail.send': { data: OutgoingMail; result: void } }
 *   }
 *
 * JobsService's register, enqueue, run and repeat take only these names, with their data and result
 * types: an unknown name, wrong data or a wrong handler result fails `npm run typecheck`. Names are
 * `<area>.<verb>`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface JobMap {}

/** A registered job name. */
export type JobName = keyof JobMap & string;
/** The data of job `N`. */
export type JobData<N extends JobName> = JobMap[N] extends { data: infer D } ? D : never;
/** The result of job `N`. */
export type JobResult<N extends JobName> = JobMap[N] extends { result: infer R } ? R : never;
