import { Readable } from 'node:stream';
import { JobRunner } from './job-runner';
import { closeMediaWorker, measureAudio } from '../qc/audio-measure';
import { media } from '../../../test/helpers/releases-fixtures';

/** MessagePorts keeping this process alive (a ref'd worker shows as one). */
const refdPorts = () => process.getActiveResourcesInfo().filter((r) => r === 'MessagePort').length;

describe('JobRunner.close (shutdown never closes under a running job, never waits for ever)', () => {
  it('waits for the run already started, drops the queued ones', async () => {
    const done: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const runner = new JobRunner<number>('t', async (n) => {
      if (n === 1) await gate;
      done.push(n);
    }, { attempts: 1, backoffMs: 10, concurrency: 1 });
    runner.add(1);
    runner.add(2);
    let closed: boolean | undefined;
    const closing = runner.close(5_000).then((v) => (closed = v));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBeUndefined(); // still waiting for run 1
    release();
    await closing;
    expect(closed).toBe(true);
    expect(done).toEqual([1]); // 2 was queued, not started: dropped (recovery re-queues it)
    runner.add(3);
    await runner.drain();
    expect(done).toEqual([1]);
  });

  it('gives up after the grace when a run never ends', async () => {
    const runner = new JobRunner<number>('stuck', () => new Promise<void>(() => undefined), { attempts: 1, backoffMs: 10, concurrency: 1 });
    runner.add(1);
    const started = Date.now();
    await expect(runner.close(200)).resolves.toBe(false);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('the media worker never keeps the process alive', () => {
  afterAll(() => closeMediaWorker());

  it('after a measurement the worker is unref\'d (a CLI exits without closing it)', async () => {
    const before = refdPorts();
    const wav = media.wav(44_100 * 4 * 2);
    const m = await measureAudio(async () => Readable.from([wav]), 'audio/wav', wav.length);
    expect(m.duration_s).toBeCloseTo(2, 1);
    expect(refdPorts()).toBe(before);
  });
});
