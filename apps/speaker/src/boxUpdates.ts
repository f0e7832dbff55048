import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BoxConfig } from './boxConfig';
import type { Logger } from './logger';
import { sleep } from './sleep';
import { signatureMatches, updatePublicKey } from './updateSignature';
import type { UpdaterSettings } from './updater';

// Remote updates on a box (issue #31, docs/operations.md "Updating boxes"). The agent runs as the
// unprivileged loa-speaker user, so it cannot run dpkg: it downloads and checks a package, then
// asks for it to be installed by writing updates/install.request; the package's path unit
// (loa-speaker-update.path) starts loa-speaker-update.service as root, which runs
// `loa-speaker install-update`: the signature is checked again with the key root trusts, and only
// a package of loa-speaker kept in the updates folder is installed, with dpkg -i. Its postinst
// restarts the agent.

const REQUEST = 'install.request';
/** After the agent's own wait for the new version to reconnect, root's check comes this much later. */
const ROLLBACK_MARGIN_MS = 2 * 60_000;
const RESULT = 'install.result';
const REQUEST_WAIT_MS = 10 * 60_000;

/** The updates folder of the box's state. */
export const updatesDir = (config: BoxConfig): string => path.join(config.stateDir, 'updates');

/** The signing key built into the package (npm run package:speaker with LOA_UPDATE_PUBLIC_KEY), beside the bundle. */
function packagedKey(): string | null {
  const file = path.resolve(path.dirname(process.argv[1] ?? '.'), '../../share/loa-speaker/update-key');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || null : null;
}

/** The key a box trusts: speaker.conf's update_public_key, else the package's. */
export function boxPublicKey(config: BoxConfig): string | null {
  return config.updatePublicKey ?? packagedKey();
}

/** The updater's settings on a box: the request to the privileged installer, and a restart by systemd. */
export function boxUpdateSettings(config: BoxConfig, log: Logger): UpdaterSettings {
  const self = process.argv[1] ? [process.execPath, process.argv[1]] : ['/usr/bin/loa-speaker'];
  return {
    dir: updatesDir(config),
    publicKey: boxPublicKey(config),
    installCommand: config.updateInstallCommand ? config.updateInstallCommand.split(/\s+/).filter(Boolean) : [...self, 'request-install'],
    confirmMs: config.updateConfirmMs,
    restart: () => {
      // The package's postinst restarts the service; should it not have, systemd does (Restart=on-failure).
      log.info('khởi động lại để chạy phiên bản mới / restarting onto the installed version');
      process.exit(1);
    },
  };
}

/** `loa-speaker request-install DEB` (the agent's installer): asks the privileged service and waits for its answer. */
export async function requestInstall(config: BoxConfig, deb: string): Promise<number> {
  const dir = updatesDir(config);
  await rm(path.join(dir, RESULT), { force: true });
  await writeFile(path.join(dir, REQUEST), `${JSON.stringify({ deb: path.resolve(deb) })}\n`);
  for (const until = Date.now() + REQUEST_WAIT_MS; Date.now() < until; await sleep(500)) {
    const text = await readFile(path.join(dir, RESULT), 'utf8').catch(() => null);
    if (text === null) continue;
    const result = JSON.parse(text) as { code: number; output: string };
    if (result.code !== 0) console.error(result.output);
    return result.code;
  }
  console.error('Không có dịch vụ cài đặt trả lời (loa-speaker-update.path) / no installer answered');
  return 1;
}

/** Whether `bytes` (the package at `deb`) carry a good signature beside them (`deb`.sig) for the key root trusts. */
async function signedBy(deb: string, bytes: Buffer, key: string): Promise<boolean> {
  const signature = await readFile(`${deb}.sig`, 'utf8').catch(() => '');
  return signatureMatches(bytes, signature, updatePublicKey(key));
}

/** `loa-speaker install-update` (root, loa-speaker-update.service): installs the requested package once its signature is checked again. */
export async function installUpdate(config: BoxConfig): Promise<number> {
  const dir = updatesDir(config);
  const answer = async (code: number, output: string) => {
    await writeFile(path.join(dir, RESULT), JSON.stringify({ code, output: output.slice(-2000) }));
    await rm(path.join(dir, REQUEST), { force: true });
    if (code !== 0) console.error(output);
    return code;
  };
  let deb: string;
  try {
    deb = (JSON.parse(await readFile(path.join(dir, REQUEST), 'utf8')) as { deb: string }).deb;
  } catch {
    return answer(2, 'yêu cầu cài đặt không đọc được / unreadable request');
  }
  if (path.dirname(path.resolve(deb)) !== path.resolve(dir) || !/^(next|kept)\.deb$/.test(path.basename(deb))) return answer(2, `gói ngoài thư mục cập nhật / package outside ${dir}`);
  const key = boxPublicKey(config);
  if (!key) return answer(2, 'chưa có khoá công khai / no public key');
  const bytes = await readFile(deb);
  if (!(await signedBy(deb, bytes, key))) return answer(2, 'chữ ký gói không hợp lệ / bad package signature');
  // The bytes checked are the bytes installed: a copy root alone can write (the folder is the agent's).
  const own = await mkdtemp(path.join(os.tmpdir(), 'loa-speaker-update-'));
  try {
    const copy = path.join(own, 'loa-speaker.deb');
    await writeFile(copy, bytes, { mode: 0o600 });
    const name = spawnSync('dpkg-deb', ['-f', copy, 'Package'], { encoding: 'utf8' }).stdout?.trim();
    if (name !== 'loa-speaker') return await answer(2, `không phải gói loa-speaker / not loa-speaker: ${name}`);
    const dpkg = spawnSync('dpkg', ['-i', copy], { encoding: 'utf8' });
    let output = `${dpkg.stdout ?? ''}${dpkg.stderr ?? ''}`;
    // A new version installed: root keeps the way back in case it cannot even start.
    if (dpkg.status === 0 && path.basename(deb) === 'next.deb') {
      const armed = await armRollback(config, dir, key);
      console.log(armed); // the journal of loa-speaker-update.service
      output += `\n${armed}`;
    }
    return await answer(dpkg.status ?? 1, output);
  } finally {
    await rm(own, { recursive: true, force: true });
  }
}

/** Root's folder for the way back from an update: the package to go back to and the check that does it. */
export const rollbackDir = (config: BoxConfig): string => path.join(path.dirname(path.resolve(config.stateDir)), 'loa-speaker-rollback');

/**
 * Arms root's check for a version that cannot start (issue #31: a box whose new version does not
 * reconnect within 5 minutes goes back). The agent's own timer does that for a version that runs;
 * one that fails before it runs anything (a broken bundle, a missing module) would stay broken. So
 * the installer, still the old version's code and as root, copies the package it checked to go back
 * to (kept.deb, signature checked again) into a folder only root writes, with a shell script that,
 * when systemd's timer fires (the agent's wait plus 2 minutes), reinstalls it when the update is
 * still unconfirmed: updates/pending.json still there and neither going back nor gone back. The old
 * version then reports `rolledBack`, as after its own going back. Without systemd (a chroot) the
 * script is written and not armed. Answers what it did, for the installer's output.
 */
export async function armRollback(config: BoxConfig, updates: string, key: string): Promise<string> {
  const pending = await readFile(path.join(updates, 'pending.json'), 'utf8').then((t) => JSON.parse(t) as { rolloutId: string; from: string; to: string }, () => null);
  const kept = path.join(updates, 'kept.deb');
  const bytes = await readFile(kept).catch(() => null);
  if (!pending || !bytes || !(await signedBy(kept, bytes, key))) {
    return 'không có gói cũ đã ký để quay về: kiểm tra quay về không được đặt / no signed previous package: no rollback check armed';
  }
  const dir = rollbackDir(config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFile(path.join(dir, 'previous.deb'), bytes, { mode: 0o600 });
  const minutes = Math.round(config.updateConfirmMs / 60_000);
  const message = `phiên bản ${pending.to} không khởi động được hoặc không kết nối lại được trong ${minutes} phút: đã quay về ${pending.from}`;
  await writeFile(path.join(dir, 'rolledback.json'), JSON.stringify({ ...pending, phase: 'rolledBack', message }), { mode: 0o600 });
  const script = path.join(dir, 'rollback.sh');
  await writeFile(script, rollbackScript(path.join(updates, 'pending.json'), dir, pending.to), { mode: 0o700 });
  if (!existsSync('/run/systemd/system')) return `kiểm tra quay về: ${script} (không có systemd, chưa hẹn giờ) / rollback check written, not armed (no systemd)`;
  const seconds = Math.ceil((config.updateConfirmMs + ROLLBACK_MARGIN_MS) / 1000);
  const timer = spawnSync('systemd-run', ['--collect', `--unit=loa-speaker-rollback-${Date.now()}`, `--on-active=${seconds}s`, '/bin/sh', script], { encoding: 'utf8' });
  return timer.status === 0
    ? `kiểm tra quay về sau ${seconds} s / rollback check armed in ${seconds} s`
    : `không hẹn giờ được kiểm tra quay về / could not arm the rollback check: ${timer.stderr?.trim()}`;
}

/** The shell script of armRollback: plain sh and dpkg, nothing of the version it may have to undo. */
function rollbackScript(pending: string, dir: string, to: string): string {
  return `#!/bin/sh
# Written by loa-speaker install-update: puts the previous loa-speaker back when version ${to}
# has not confirmed itself (docs/operations.md "Updating boxes").
pending='${pending}'
[ -f "$pending" ] || exit 0
# The agent confirmed it (pending.json is gone), or is going back, or went back, by itself.
grep -q '"phase":"install' "$pending" || exit 0
[ "$(dpkg-query -W -f '\${Version}' loa-speaker 2>/dev/null)" = '${to}' ] || exit 0
echo "loa-speaker ${to} did not confirm itself: reinstalling the previous version"
if [ -d /run/systemd/system ]; then systemctl reset-failed loa-speaker.service 2>/dev/null || true; fi
cp '${dir}/rolledback.json' "$pending.part" && chown --reference="$(dirname "$pending")" "$pending.part" && mv "$pending.part" "$pending"
dpkg -i '${dir}/previous.deb'
`;
}
