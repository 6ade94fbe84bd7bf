#!/usr/bin/env node
'use strict';
// docker/haproxy.cfg for instances outside Docker (README "Scale out", docs/decisions/030):
//   node scripts/haproxy-config.js --bind :8080 127.0.0.1:8081 127.0.0.1:8082 > haproxy.cfg
//   haproxy -f haproxy.cfg
// Prints the production file with its `bind` set, one `server` line per address given (in both
// backends) and Docker's DNS resolver left out; every timeout, check and queue setting is the file's
// own. `--inter 500ms` shortens the check interval (tests that stop an instance on purpose); `--no-log`
// leaves out the request log (the benches: a log line per request costs the machine they measure).
// The benches and the scale-out tests start haproxy on this output, so they measure the shipped file.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const PRODUCTION = join(__dirname, '..', 'docker', 'haproxy.cfg');

/**
 * The text of docker/haproxy.cfg rewritten for `servers` (["host:port", ...], at least one): `bind`
 * (default ":8080") replaces the frontend's bind address; `inter` (optional, e.g. "500ms") replaces
 * the check interval; `log` false leaves out the request log. Throws when the file no longer has the lines this rewrites (a bind, server
 * lines, default-server lines), so a change of the file cannot silently produce another shape.
 */
function renderHaproxyConfig({ servers, bind = ':8080', inter, log = true, source = readFileSync(PRODUCTION, 'utf8') }) {
  if (!Array.isArray(servers) || servers.length === 0) throw new Error('at least one server address (host:port) is needed');
  for (const s of servers) if (!/^[^\s:]*:\d{1,5}$/.test(s)) throw new Error(`not a host:port address: ${s}`);
  const out = [];
  let section = '';
  let binds = 0;
  let defaults = 0;
  let inResolvers = false;
  for (const line of source.split('\n')) {
    const header = /^(\S+)(?:\s+(\S+))?/.exec(line);
    if (header && !line.startsWith('#')) {
      section = header[1];
      inResolvers = section === 'resolvers';
      if (inResolvers) continue;
    }
    if (inResolvers) continue;
    const trimmed = line.trim();
    if (/^bind\s/.test(trimmed)) {
      out.push(`  bind ${bind}`);
      binds += 1;
      continue;
    }
    if (/^server\s/.test(trimmed)) {
      // The first server line of a backend stands for all of them: one line per address given.
      if (/^server\s+\S+\s+\S+/.test(out[out.length - 1]?.trim() ?? '')) continue;
      servers.forEach((address, i) => out.push(`  server api-${i + 1} ${address}`));
      continue;
    }
    if (/^default-server\s/.test(trimmed)) {
      let d = trimmed.replace(/\s+resolvers\s+\S+/, '').replace(/\s+init-addr\s+\S+/, '');
      if (inter) d = d.replace(/\binter\s+\S+/, `inter ${inter}`).replace(/\bfastinter\s+\S+/, `fastinter ${inter}`).replace(/\bdowninter\s+\S+/, `downinter ${inter}`);
      out.push(`  ${d}`);
      defaults += 1;
      continue;
    }
    if (!log && section === 'global' && /^log\s/.test(trimmed)) continue;
    if (!log && section === 'defaults' && /^(log global|option httplog)$/.test(trimmed)) continue;
    out.push(line);
  }
  if (binds !== 1 || defaults === 0) throw new Error(`${PRODUCTION} changed shape: expected one bind line and default-server lines`);
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const take = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : undefined;
  };
  const bind = take('--bind');
  const inter = take('--inter');
  const noLog = args.indexOf('--no-log');
  if (noLog >= 0) args.splice(noLog, 1);
  try {
    process.stdout.write(renderHaproxyConfig({ servers: args, bind, inter, log: noLog < 0 }));
  } catch (e) {
    console.error(`${e.message}\nusage: node scripts/haproxy-config.js [--bind :8080] [--inter 2s] [--no-log] <host:port> [<host:port> ...]`);
    process.exit(2);
  }
}

module.exports = { renderHaproxyConfig };
