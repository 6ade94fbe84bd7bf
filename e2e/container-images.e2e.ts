import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { reproduceFinalStage, type ReproducedImage } from './support/docker-stage';
import { waitFor } from './support/wait-for';

const ROOT = join(__dirname, '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Every folder above `dir` (to /) that holds a node_modules: Node would find packages there that the image lacks. */
const modulesAbove = (dir: string): string[] => {
  const found: string[] = [];
  for (let d = dirname(dir); ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) found.push(join(d, 'node_modules'));
    if (d === dirname(d)) return found;
  }
};

/** The remotes docker-compose.yml builds from docker/remote.Dockerfile (`REMOTE: <dir>` build args). */
const composeRemotes = [...readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8').matchAll(/^\s+REMOTE: (mfe-[a-z-]+)\s*$/gm)].map((m) => m[1]!);

/**
 * The images start (docs/decisions/030): each Dockerfile's final stage is rebuilt without Docker — only
 * the files its COPY lines name, in an empty folder standing for the image's filesystem, node_modules
 * as the build stage's install left it — then its CMD runs with the stage's ENV and its own HEALTHCHECK
 * must pass. A module a script needs but the stage does not copy fails here as in the container
 * (`Cannot find module 'accepts'` of the remote image; the API's nested api/node_modules).
 */
describe('container images start from exactly what their final stage copies', () => {
  const images: ReproducedImage[] = [];
  afterAll(() => images.forEach((i) => i.remove()));

  /** Start the image's CMD, wait for its HEALTHCHECK and (when given) for `expected` in its output; answers the output. */
  const boot = async (image: ReproducedImage, env: Record<string, string>, expected?: RegExp) => {
    expect(modulesAbove(image.root)).toEqual([]);
    const run = image.start(env);
    try {
      await image.healthy(env, 60_000, run.output, run.child);
      expect(run.child.exitCode).toBeNull();
      // The health check runs synchronously: the CMD's lines written before it passed may not have been
      // read yet, so wait for the expected line rather than reading the output once.
      if (expected) await waitFor(() => expected.test(run.output()), { timeout: 5000, what: `${expected} in the CMD's output` }).catch(() => undefined);
      return run.output();
    } finally {
      await run.stop();
    }
  };

  it('the API image (api/Dockerfile) answers its health check', async () => {
    const image = reproduceFinalStage(ROOT, 'api/Dockerfile', { GIT_COMMIT: 'test' });
    images.push(image);
    const port = await freePort();
    // What docker-compose.yml gives the container, reduced to one instance on its embedded database.
    const secret = () => randomBytes(32).toString('hex');
    await boot(image, { PORT: String(port), JWT_SECRET: secret(), CAPTCHA_HMAC_SECRET: secret(), SEAL_KEY: secret(), LOG_REQUESTS: 'false' });
  }, 120_000);

  it.each(composeRemotes)('the remote image of %s (docker/remote.Dockerfile) publishes its build and answers its health check', async (remote) => {
    const image = reproduceFinalStage(ROOT, 'docker/remote.Dockerfile', { REMOTE: remote, GIT_COMMIT: 'test' });
    images.push(image);
    const port = await freePort();
    const published = new RegExp(`published ${remote} \\S+ into`);
    const output = await boot(image, { PORT: String(port) }, published);
    expect(output).toMatch(published);
  }, 60_000);

  it('finds every remote of docker-compose.yml', () => {
    expect(composeRemotes).toEqual(expect.arrayContaining(['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights', 'mfe-ops']));
  });
});
