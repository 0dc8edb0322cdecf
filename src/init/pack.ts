// The podium that runs, as a package another project installs offline: the files `npm pack` takes (package.json's
// `files`, package.json, README and LICENSE) in a gzipped tarball, each under package/, and its package-lock entry.
// podium init puts it into the new repository, so that nothing of podium has to come from a registry.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The folder of the package that runs: lib/cli.cjs's parent, or the repository when src/ runs under tsx. */
export const PACKAGE_ROOT = fileURLToPath(
  new URL(import.meta.url.endsWith('.cjs') ? '../' : '../../', import.meta.url),
);

/** What package-lock.json says of a tarball dependency. */
export type LockEntry = { version: string; resolved: string; integrity: string; engines?: { node?: string } };

/** A packed package: its name, file name (`podium-leaderboard-0.1.0.tgz`), bytes, and its lockfile entry. */
export type Packed = { name: string; file: string; bytes: Uint8Array; lock: LockEntry };

/** A file of the tarball: its path below package/, its bytes, whether it is executable. */
type Entry = { path: string; bytes: Uint8Array; executable: boolean };

/** What `npm pack` always takes from the package's folder besides `files`. */
const ALWAYS = /^(readme|licen[cs]e|copying)(\..*)?$/i;
/** What `npm pack` never takes from a folder of `files`. */
const NEVER = new Set(['.git', 'node_modules', '.DS_Store', '.npmrc']);
/** What a dependent never needs: the build's scripts (npm lists `prepare` as "not yet covered by allowScripts"). */
const UNNEEDED = ['scripts', 'devDependencies', 'allowScripts'];
/** npm's own date for every file of a tarball, so that packing the same files gives the same bytes. */
const MTIME = Date.UTC(1985, 9, 26, 8, 15) / 1000;

/** Packs the package in `root`, as `npm pack` would, without its build scripts. */
export function pack(root = PACKAGE_ROOT): Packed {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  const { name, version, files = [] } = manifest as { name: string; version: string; files?: string[] };
  // A dependency of podium would have to come from a registry: everything it needs is bundled into lib/.
  if (Object.keys((manifest.dependencies as object | undefined) ?? {}).length > 0)
    throw new Error(`${name} has dependencies, which a vendored tarball cannot bring`);
  const kept = Object.fromEntries(Object.entries(manifest).filter(([key]) => !UNNEEDED.includes(key)));
  const entries: Entry[] = [
    { path: 'package.json', bytes: Buffer.from(`${JSON.stringify(kept, null, 2)}\n`), executable: false },
    ...readdirSync(root)
      .filter((entry) => ALWAYS.test(entry) && statSync(join(root, entry)).isFile())
      .flatMap((entry) => toEntries(root, entry)),
    ...files.flatMap((entry) => toEntries(root, posix.normalize(entry).replace(/\/$/, ''))),
  ];
  // `files` may name package.json or the README again: each path once, the first kept.
  const bytes = toTarball(entries.filter((entry, i) => entries.findIndex((other) => other.path === entry.path) === i));
  const pick = (key: string) => (manifest[key] === undefined ? {} : { [key]: manifest[key] });
  const file = `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
  return {
    name,
    file,
    bytes,
    // The fields npm writes for a tarball dependency, in its order (npm install rewrites the lockfile otherwise).
    lock: {
      version,
      resolved: `file:vendor/${file}`,
      integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
      ...pick('license'),
      ...pick('bin'),
      ...pick('engines'),
    },
  };
}

/** A file, or every file below a folder, sorted; links are not followed. */
function toEntries(root: string, path: string): Entry[] {
  const stat = statSync(join(root, path));
  if (stat.isFile()) return [{ path, bytes: readFileSync(join(root, path)), executable: (stat.mode & 0o100) !== 0 }];
  if (!stat.isDirectory()) return [];
  return readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => (entry.isFile() || entry.isDirectory()) && !NEVER.has(entry.name))
    .map((entry) => entry.name)
    .sort()
    .flatMap((entry) => toEntries(root, `${path}/${entry}`));
}

/** A gzipped ustar archive of `entries`, each as package/<path>, mode 644 or 755, owned by no one in particular. */
export function toTarball(entries: readonly Entry[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const { path, bytes, executable } of entries) {
    blocks.push(toHeader(`package/${path}`, bytes.length, executable ? 0o755 : 0o644), bytes);
    blocks.push(new Uint8Array((512 - (bytes.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024)); // two empty blocks end the archive
  // zlib's default level: level 9 took 0.5 s more here for 1 % fewer bytes.
  return gzipSync(Buffer.concat(blocks));
}

/** A ustar header block (POSIX.1-1988): name, mode, size and time in octal, and the checksum over the block. */
function toHeader(path: string, size: number, mode: number): Uint8Array {
  const header = Buffer.alloc(512);
  const name = Buffer.from(path);
  // A name of up to 100 bytes fits; a longer one would need the prefix field, which podium's files never do.
  if (name.length > 100) throw new Error(`${path}: a name longer than 100 bytes in the tarball`);
  name.copy(header, 0);
  const octal = (value: number, at: number, width: number) =>
    header.write(`${value.toString(8).padStart(width - 1, '0')}\0`, at, 'ascii');
  octal(mode, 100, 8);
  octal(0, 108, 8); // uid
  octal(0, 116, 8); // gid
  octal(size, 124, 12);
  octal(MTIME, 136, 12);
  header.write('0', 156, 'ascii'); // a regular file
  header.write('ustar\u000000', 257, 'ascii');
  header.fill(' ', 148, 156); // the checksum counts its own field as spaces
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}
