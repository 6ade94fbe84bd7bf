'use strict';
/**
 * Shared helpers of the Lighthouse bench scripts (lighthouse-mobile.js, lcp-graph.js): one mobile
 * Lighthouse run (the package's default preset: Moto G Power emulation, simulated slow 4G, 4x CPU) in a
 * fresh Debian Chromium, with the bench user's session written into the origin's localStorage first
 * when a token is given.
 */
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../scripts/chromium');

/** DESIGN.md's Chromium flags (headless, no sandbox...), without --headless: chrome-launcher adds its own. */
// Lighthouse drives Chrome itself (chrome-launcher): the shared flags, with the new headless mode it needs.
const CHROMIUM_FLAGS = [...CHROMIUM_ARGS.filter((f) => f !== '--headless'), '--headless=new'];

/** Write the session token into the origin's localStorage of the running Chromium (through its debugging port). */
async function injectSession(port, origin, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const page = await context.newPage();
    // A small same-origin file, so no page code runs before the token is there.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.close();
  } finally {
    // Disconnects only: the Chromium started by chrome-launcher keeps running.
    await browser.close();
  }
}

/**
 * One Lighthouse run (performance only) of `url` in a fresh Chromium (empty cache and storage); with a
 * `token` the origin's localStorage holds it and Lighthouse keeps storage (`disableStorageReset`).
 * `categories`: Lighthouse categories to score (default performance only; the public page adds
 * accessibility). Resolves to Lighthouse's `{ lhr, artifacts }` (artifacts: Trace, DevtoolsLog, ...).
 */
async function runLighthouse(url, token, categories = ['performance']) {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const userDataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS, userDataDir });
  try {
    if (token) await injectSession(chrome.port, new URL(url).origin, token);
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: Boolean(token) });
    return { lhr: result.lhr, artifacts: result.artifacts };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

module.exports = { runLighthouse };
