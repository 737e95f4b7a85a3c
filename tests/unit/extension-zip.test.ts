/** The store-only zip writer behind /get-extension/download: a valid archive any unzip reads. */
import { crc32 as zlibCrc32, inflateRawSync } from "node:zlib";
import { crc32, storeZip } from "@/app/get-extension/_lib/store-zip";

/** Reads a zip through its central directory (what unzip tools do) and checks every entry. */
function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(-1);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + zip.readUInt32LE(local + 18));
    const data = method === 8 ? inflateRawSync(raw) : Buffer.from(raw);
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    out.push({ name, data });
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

test("crc32 matches zlib's", () => {
  for (const text of ["", "a", "The quick brown fox jumps over the lazy dog", "ü".repeat(1000)]) {
    const data = Buffer.from(text);
    if (typeof zlibCrc32 === "function") expect(crc32(data)).toBe(zlibCrc32(data));
  }
  expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
});

test("entries come back byte for byte, with UTF-8 names", () => {
  const files = [
    { name: "ext/manifest.json", data: Buffer.from('{"manifest_version":3}'), modified: new Date(2025, 7, 23, 12, 30, 10) },
    { name: "ext/content-scripts/player.js", data: Buffer.from("console.log(1)\n".repeat(500)), modified: new Date() },
    { name: "ext/ünïcode.txt", data: Buffer.alloc(0), modified: new Date(1970, 0, 1) },
  ];
  const zip = storeZip(files);
  expect(readZip(zip)).toEqual(files.map(({ name, data }) => ({ name, data })));
});
