import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createTool, profile, type ReadImage } from "../src/index.js";
import { read, readFailure, sandbox, type Sandbox, versionOf } from "./helpers.js";
import { declaredPng, makeImage } from "./image-files.js";
import { readWithoutSharp } from "./without-sharp.js";

async function readImage(root: string, input: unknown, options: Parameters<typeof read>[2] = {}): Promise<ReadImage> {
  const output = await read(root, input, options);
  if (!("image" in output)) throw new Error(`expected an image, got ${JSON.stringify(output).slice(0, 300)}`);
  return output;
}

describe("AGENT-IMG-01, AGENT-IMG-02: an image within the bounds is sent as it is", () => {
  let box: Sandbox;
  const files: Record<string, Buffer> = {};
  beforeAll(async () => {
    files["shot.png"] = await makeImage("png", 320, 200);
    files["photo.jpg"] = await makeImage("jpeg", 64, 48, { noisy: true });
    files["anim.gif"] = await makeImage("gif", 40, 30);
    files["icon.webp"] = await makeImage("webp", 16, 16, { alpha: true });
    files["no-extension"] = files["shot.png"];
    box = sandbox(files);
  });

  it.each([
    ["shot.png", "png", 320, 200],
    ["photo.jpg", "jpeg", 64, 48],
    ["anim.gif", "gif", 40, 30],
    ["icon.webp", "webp", 16, 16],
  ] as const)("AGENT-IMG-02: %s is a %s image of %dx%d, its own bytes and MIME type", async (name, format, width, height) => {
    const bytes = files[name]!;
    expect(await readImage(box.root, { path: name })).toEqual({
      path: name,
      version: versionOf(bytes),
      format,
      width,
      height,
      bytes: bytes.length,
      downscaled: false,
      image: { mime_type: `image/${format}`, width, height, bytes: bytes.length, data: bytes.toString("base64") },
    });
  });

  it("AGENT-IMG-02: a large image within the bounds (hashed on the thread pool) is sent as it is, its version the SHA-256 of its bytes", async () => {
    const bytes = await makeImage("png", 800, 700, { noisy: true });
    expect(bytes.length).toBeGreaterThan(1024 * 1024);
    const { root } = sandbox({ "noise.png": bytes });
    expect(await readImage(root, { path: "noise.png" })).toMatchObject({ version: versionOf(bytes), downscaled: false, image: { data: bytes.toString("base64") } });
  });

  it("AGENT-IMG-01: an image is known by its first bytes, not its name; a .png holding text is text", async () => {
    expect((await readImage(box.root, { path: "no-extension" })).format).toBe("png");
    const { root } = sandbox({ "fake.png": "not an image\n" });
    expect(await read(root, { path: "fake.png" })).toMatchObject({ content: "1\tnot an image" });
  });

  it("AGENT-IMG-01: the definition tells the model that images come back as images, with the configured bounds", () => {
    expect(createTool({ root: box.root, max_image_edge: 1500 }).definition.description).toContain(
      "A PNG, JPEG, GIF or WebP file is returned as the image itself (with its format, dimensions and size), downscaled when its longer edge is over 1500 pixels or its base64 over 3932160 bytes.",
    );
  });

  it("AGENT-IMG-02: the model receives a text part with every field but the data, then the image", async () => {
    const output = await readImage(box.root, { path: "shot.png" });
    const { data, ...sent } = output.image;
    expect(createTool({ root: box.root }).modelContent?.(output)).toEqual([
      { type: "text", text: JSON.stringify({ ...output, image: sent }) },
      { type: "image", data, mimeType: "image/png" },
    ]);
    expect(createTool({ root: box.root }).render(output)).toBe(`shot.png: png image, 320x200 pixels, ${files["shot.png"]!.length} bytes; sent as it is.`);
  });

  it("AGENT-IMG-02, AGENT-VER-02: if_version of an unchanged image answers unchanged", async () => {
    const first = await readImage(box.root, { path: "shot.png", limit: 5 });
    expect(await read(box.root, { path: "shot.png", if_version: first.version })).toEqual({ path: "shot.png", version: first.version, unchanged: true });
  });

  it("AGENT-IMG-01: the line arguments are ignored for an image", async () => {
    const plain = await readImage(box.root, { path: "shot.png" });
    for (const input of [{ start_line: 3, limit: 2, column: 5 }, { tail: 4 }, { ranges: [{ start_line: 1, limit: 1 }] }, { max_tokens: 10 }]) {
      expect(await readImage(box.root, { path: "shot.png", ...input })).toEqual(plain);
    }
  });

  it("AGENT-DOC-01: `pages` given for an image is INVALID_ARGUMENT, whatever the file's name", async () => {
    expect(await readFailure(box.root, { path: "shot.png", pages: "1" })).toEqual(["INVALID_ARGUMENT", "`pages` is for PDF files, and 'shot.png' is a PNG image: drop `pages` to read the image."]);
    expect(await readFailure(box.root, { path: "no-extension", pages: "1-2" })).toEqual(["INVALID_ARGUMENT", "`pages` is for PDF files, and 'no-extension' is a PNG image: drop `pages` to read the image."]);
  });
});

describe("AGENT-IMG-03: an image over the bounds is downscaled to fit", () => {
  it("a long edge over max_image_edge (2000) is resized to it, aspect kept, same format", async () => {
    const bytes = await makeImage("png", 3000, 1000);
    const { root } = sandbox({ "wide.png": bytes });
    const output = await readImage(root, { path: "wide.png" });
    expect(output).toMatchObject({ format: "png", width: 3000, height: 1000, bytes: bytes.length, downscaled: true, image: { mime_type: "image/png", width: 2000, height: 667 } });
    const sent = Buffer.from(output.image.data, "base64");
    expect(output.image.bytes).toBe(sent.length);
    expect(await sharp(sent).metadata()).toMatchObject({ format: "png", width: 2000, height: 667 });
  });

  it("an image over max_image_bytes is re-encoded (JPEG when PNG is too large) and shrunk until its base64 fits", async () => {
    const bytes = await makeImage("png", 300, 200, { noisy: true });
    const { root } = sandbox({ "noise.png": bytes });
    const output = await readImage(root, { path: "noise.png" }, { max_image_bytes: 20_000 });
    expect(output.downscaled).toBe(true);
    expect(output.image.data.length).toBeLessThanOrEqual(20_000);
    expect(output.image.mime_type).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(output.image.data, "base64")).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", output.image.width, output.image.height]);
    expect(output.image.width / output.image.height).toBeCloseTo(1.5, 1);
  });

  it("an image with an alpha channel over the byte bound becomes WebP, keeping the alpha", async () => {
    const { root } = sandbox({ "alpha.png": await makeImage("png", 200, 200, { noisy: true, alpha: true }) });
    const output = await readImage(root, { path: "alpha.png" }, { max_image_bytes: 60_000 });
    expect(output.image.mime_type).toBe("image/webp");
    expect(output.image.data.length).toBeLessThanOrEqual(60_000);
    expect((await sharp(Buffer.from(output.image.data, "base64")).metadata()).hasAlpha).toBe(true);
  });

  it("a GIF over the bounds is sent as a PNG of its first frame", async () => {
    const { root } = sandbox({ "big.gif": await makeImage("gif", 2400, 100) });
    expect(await readImage(root, { path: "big.gif" })).toMatchObject({ format: "gif", downscaled: true, image: { mime_type: "image/png", width: 2000, height: 83 } });
  });

  it("AGENT-BND-05: the image bounds are [agent] keys a workspace may lower and not raise", () => {
    const trusted = profile.parseConfig({});
    expect([trusted.max_image_bytes, trusted.max_image_edge, trusted.max_image_pixels, trusted.max_image_file_bytes]).toEqual([3932160, 2000, 50_000_000, 33554432]);
    const keys = ["max_image_bytes", "max_image_edge", "max_image_pixels", "max_image_file_bytes"];
    expect(profile.loosenings(trusted, profile.parseConfig({ max_image_bytes: 1024, max_image_edge: 500, max_image_pixels: 10, max_image_file_bytes: 10 }), keys)).toEqual([]);
    expect(profile.loosenings(trusted, profile.parseConfig({ max_image_edge: 4000 }), keys)).toEqual([{ key: "max_image_edge", reason: "raises the limit from 2000 to 4000" }]);
    expect(() => profile.parseConfig({ max_image_file_bytes: 2 ** 30 })).toThrow(`agent: invalid option 'max_image_file_bytes' in [agent]: expected at most 67108864, got ${2 ** 30}`);
  });
});

describe("AGENT-IMG-04, AGENT-IMG-05: hostile and broken images", () => {
  it("AGENT-IMG-04: a PNG declaring 100000x100000 pixels in a few hundred bytes is refused from its header, undecoded", async () => {
    const bomb = declaredPng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    const { root } = sandbox({ "bomb.png": bomb });
    expect(await readFailure(root, { path: "bomb.png" })).toEqual([
      "TOO_LARGE",
      "'bomb.png' is a PNG image of 100000x100000 pixels (10000000000 pixels), over max_image_edge (2000 pixels), and more than max_image_pixels (50000000) in [agent]: it is not decoded to be downscaled. Ask the user for a smaller export (at most 2000 pixels on its longer edge), or raise max_image_pixels in your own configuration.",
    ]);
  });

  it("AGENT-IMG-05: a truncated JPEG, PNG, GIF or WebP is INVALID_IMAGE, saying it is truncated", async () => {
    const jpeg = await makeImage("jpeg", 64, 64, { noisy: true });
    const png = await makeImage("png", 64, 64, { noisy: true });
    const gif = await makeImage("gif", 64, 64, { noisy: true });
    const webp = await makeImage("webp", 64, 64, { noisy: true });
    const { root } = sandbox({ "cut.jpg": jpeg.subarray(0, jpeg.length >> 1), "cut.png": png.subarray(0, png.length - 20), "cut.gif": gif.subarray(0, gif.length - 1), "cut.webp": webp.subarray(0, webp.length - 10) });
    for (const [name, kind] of [["cut.jpg", "JPEG"], ["cut.png", "PNG"], ["cut.gif", "GIF"], ["cut.webp", "WebP"]]) {
      expect(await readFailure(root, { path: name })).toEqual([
        "INVALID_IMAGE",
        `'${name}' is a ${kind} image that cannot be shown: it is truncated (it ends before its last part). It may be damaged or still being written; ask the user for a good copy.`,
      ]);
    }
  });

  it("AGENT-IMG-05: a complete PNG whose pixel data is garbage, over the bounds, is INVALID_IMAGE from the decoder", async () => {
    const { root } = sandbox({ "garbage.png": declaredPng(3000, 10) });
    const [code, message] = await readFailure(root, { path: "garbage.png" });
    expect(code).toBe("INVALID_IMAGE");
    expect(message).toMatch(/^'garbage\.png' is a PNG image of 3000x10 pixels, over max_image_edge \(2000 pixels\), and it cannot be decoded \(.+\)\. It may be damaged; ask the user for a good copy\.$/);
  });

  it("AGENT-IMG-05: a file over max_image_file_bytes is refused unread, with its dimensions from its header", async () => {
    const { root } = sandbox({ "big.png": await makeImage("png", 100, 100, { noisy: true }) });
    expect(await readFailure(root, { path: "big.png" }, { max_image_file_bytes: 4096 })).toEqual([
      "TOO_LARGE",
      "'big.png' is a PNG image of 100x100 pixels and more than max_image_file_bytes (4096) in [agent], so it is not read. Ask the user for a smaller export (at most 2000 pixels on its longer edge), or raise max_image_file_bytes in your own configuration.",
    ]);
  });

  it("AGENT-IMG-04: a downscale is cancelled by the call's signal: the call rejects with its reason at once", async () => {
    const { root } = sandbox({ "wide.png": await makeImage("png", 2400, 1200, { noisy: true }) });
    const controller = new AbortController();
    const call = createTool({ root }).call({ path: "wide.png" }, { signal: controller.signal });
    // Aborted once libvips is at work on it: the wait ends then, not when libvips does.
    let aborted = 0;
    const watch = setInterval(() => {
      if (sharp.counters().process === 0) return;
      clearInterval(watch);
      aborted = performance.now();
      controller.abort();
    }, 1);
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    clearInterval(watch);
    expect(aborted).toBeGreaterThan(0);
    // The call is over while libvips still works on the image (it stops at its time limit at the latest).
    expect(sharp.counters().process).toBeGreaterThan(0);
  });
});

describe("AGENT-IMG-04: downscales share the thread pool", () => {
  it("at most two run at once: five calls at once all answer, and one aborted meanwhile rejects with its reason", async () => {
    const { root } = sandbox({ "wide.png": await makeImage("png", 2600, 400, { noisy: true }) });
    const tool = createTool({ root });
    let most = 0;
    const sample = setInterval(() => {
      most = Math.max(most, sharp.counters().process);
    }, 1);
    const controller = new AbortController();
    try {
      const calls = [0, 1, 2, 3, 4].map((index) => tool.call({ path: "wide.png" }, index === 4 ? { signal: controller.signal } : {}));
      setTimeout(() => controller.abort(), 20);
      const settled = await Promise.allSettled(calls);
      expect(settled.slice(0, 4).map((result) => (result.status === "fulfilled" ? (result.value as ReadImage).image.width : result.reason))).toEqual([2000, 2000, 2000, 2000]);
      expect(settled[4]).toMatchObject({ status: "rejected", reason: { name: "AbortError" } });
    } finally {
      clearInterval(sample);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
  });
});

describe("AGENT-IMG-03: without the image library", () => {
  it("a read of an image over the bounds is TOO_LARGE with its dimensions and how to get a smaller one", async () => {
    const { root } = sandbox({ "wide.png": await makeImage("png", 2400, 10), "small.png": await makeImage("png", 20, 10) });
    expect(await readWithoutSharp(root, { path: "small.png" })).toMatchObject({ downscaled: false, width: 20, height: 10 });
    expect(await readWithoutSharp(root, { path: "wide.png" })).toEqual({
      error: {
        code: "TOO_LARGE",
        message:
          "'wide.png' is a PNG image of 2400x10 pixels, over max_image_edge (2000 pixels), and it cannot be downscaled: the optional image library sharp is not installed (npm install sharp). Ask the user for a smaller export (at most 2000 pixels on its longer edge).",
      },
    });
  });
});
