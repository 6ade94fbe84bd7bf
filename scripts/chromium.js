'use strict';
/**
 * Debian's Chromium for the browser tests (e2e/) and the bench scripts (bench/), in one place: the path
 * (`CHROMIUM_PATH`, default /usr/bin/chromium, never a downloaded browser) and the flags of DESIGN.md
 * (this machine's network is closed, so background networking must be off).
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Start headless Chromium through playwright-core; resolves to its Browser. */
function launchChromium() {
  const { chromium } = require('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS, launchChromium };
