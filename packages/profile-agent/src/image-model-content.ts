import type { ModelPart } from "@read/core";
import type { ReadImage } from "./output.js";

/**
 * What a model receives for a read of an image (AGENT-IMG-02): a text part holding the answer's JSON
 * without the image's data (the file's format, dimensions and size, and what was sent), then the image
 * itself as an image part.
 */
export function imageModelContent(output: ReadImage): readonly ModelPart[] {
  const { data, ...sent } = output.image;
  return [
    { type: "text", text: JSON.stringify({ ...output, image: sent }) },
    { type: "image", data, mimeType: output.image.mime_type },
  ];
}

/** A one-line description of a read of an image, for people (`read-tool`, logs). */
export function renderImage(output: ReadImage): string {
  const { image } = output;
  const sent = output.downscaled ? `sent downscaled to ${image.width}x${image.height} ${image.mime_type}, ${image.bytes} bytes` : "sent as it is";
  return `${output.path}: ${output.format} image, ${output.width}x${output.height} pixels, ${output.bytes} bytes; ${sent}.`;
}
