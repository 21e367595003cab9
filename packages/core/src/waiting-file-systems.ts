import fs from "node:fs";
import { errorCode } from "./workspace.js";

/** One mount of the process's mount table: where it is mounted and its file-system type. */
export interface Mount {
  /** The mount point, unescaped (`\040` is a space). */
  readonly point: string;
  /** The file-system type (`ext4`, `fuse.sshfs`, `nfs4`, ...). */
  readonly type: string;
}

/**
 * File systems whose calls are served by the kernel from local storage or memory: an `open`, `fstat`,
 * `pread` or `close` there never waits on a user-space daemon or the network (only on the disk, as every
 * synchronous read does). Anything else may wait for as long as its server likes: FUSE (`fuse.*`,
 * `fuseblk`, `virtiofs`), network file systems (`nfs`, `cifs`, `smb3`, `9p`, `ceph`, ...), `autofs`, and
 * any type this list does not know.
 */
const KERNEL_LOCAL = new Set(
  (
    "ext2 ext3 ext4 xfs btrfs bcachefs zfs f2fs jfs reiserfs nilfs2 hfsplus vfat msdos exfat ntfs3 iso9660 udf squashfs erofs overlay tmpfs " +
    "ramfs devtmpfs devpts proc sysfs cgroup cgroup2 mqueue hugetlbfs debugfs tracefs securityfs configfs pstore bpf efivarfs binfmt_misc fusectl nsfs rpc_pipefs"
  ).split(" "),
);

const MOUNT_INFO = "/proc/self/mountinfo";

/** How long a mount table read is trusted before it is read again (reading it costs about 66 µs). */
export const MOUNT_TABLE_TTL_MS = 1_000;

/**
 * Parses `/proc/self/mountinfo` (`man 5 proc`: field 5 is the mount point, and the type follows the ` - `
 * separator) into the order a path is looked up in: the deepest mount point first and, of mounts on one
 * point, the one made last (it hides the others) first.
 */
export function parseMountTable(text: string): readonly Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split("\n")) {
    const fields = line.split(" ");
    const separator = fields.indexOf("-", 6);
    const point = fields[4];
    const type = fields[separator + 1];
    if (separator === -1 || point === undefined || type === undefined) continue;
    mounts.push({ point: unescapeMountField(point), type });
  }
  // The kernel lists mounts in the order they were made; the sort is stable.
  return mounts.reverse().sort((a, b) => b.point.length - a.point.length);
}

// The kernel writes space, tab, newline and backslash in a mount point as three octal digits.
function unescapeMountField(field: string): string {
  return field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)));
}

/** The type of the mount the canonical path `absolute` lies on, in a table {@link parseMountTable} made. */
export function mountTypeOf(mounts: readonly Mount[], absolute: string): string | undefined {
  return mounts.find((mount) => holds(mount.point, absolute))?.type;
}

// Mount points and the paths asked about are canonical (the kernel's, `realpath`'s), so a name-by-name
// prefix decides; `isInside` would check that they are clean first, which cost an open 20 µs for 20 mounts.
function holds(point: string, absolute: string): boolean {
  return point === "/" || absolute === point || (absolute.startsWith(point) && absolute.charCodeAt(point.length) === SLASH);
}

const SLASH = 0x2f;

/** Whether calls on a file system of this type may wait on something other than the local kernel. */
export function typeMayWait(type: string | undefined): boolean {
  return type === undefined || !KERNEL_LOCAL.has(type);
}

// `undefined` until read, and again once it is MOUNT_TABLE_TTL_MS old (a timer, so that no call pays for a
// clock). `waiting`: its mounts that may wait. A path that none of them holds lies on a kernel-local mount
// (the table has `/`), so the common machine, with none, compares nothing: a search of all 20 mounts of
// this one cost a call about a microsecond.
let table: { readonly mounts: readonly Mount[]; readonly waiting: readonly Mount[] } | "none" | undefined;

/**
 * Whether an `open` (or `fstat`, `pread`, `close`) of the canonical path `absolute` may wait on a
 * user-space daemon or the network, so that it must run on the thread pool rather than on the event loop:
 * true on FUSE and network mounts, on types not known to be kernel-local, and wherever the mount table
 * cannot be read (every platform but Linux). The table is read again once `MOUNT_TABLE_TTL_MS` old.
 */
export function mayWait(absolute: string): boolean {
  if (table === undefined) {
    const read = readMountTable();
    // A table that could not be read for now (no descriptor left) is asked for again by the next call.
    if (read === "retry") return true;
    table = read === undefined || !read.some((mount) => mount.point === "/") ? "none" : { mounts: read, waiting: read.filter((mount) => typeMayWait(mount.type)) };
    setTimeout(() => (table = undefined), MOUNT_TABLE_TTL_MS).unref();
  }
  if (table === "none") return true;
  return table.waiting.some((mount) => holds(mount.point, absolute)) && typeMayWait(mountTypeOf(table.mounts, absolute));
}

// `undefined`: this system has no such table (not Linux, or no procfs).
function readMountTable(): readonly Mount[] | undefined | "retry" {
  try {
    return parseMountTable(fs.readFileSync(MOUNT_INFO, "utf8"));
  } catch (error) {
    return errorCode(error) === "ENOENT" ? undefined : "retry";
  }
}
