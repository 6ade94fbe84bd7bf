// jsdom leaves out what react-router reads at load time; Node has both.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
