// The one call that stores a screenshot: `POST /api/projects/{projectId}/screenshots` with the
// image as base64 and its regions, checked together by the server (a refusal stores nothing).
import type { Api } from "./api";

export interface Region {
  keyId: string;
  /** Pixels of the image. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ScreenshotUpload {
  name: string;
  image: Blob;
  regions: Region[];
}

async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The stored screenshot as the server returns it (`_id`, `width`, `height`, `regions`, ...). */
export async function uploadScreenshot(api: Api, upload: ScreenshotUpload): Promise<{ _id: string } & Record<string, unknown>> {
  return api.request("POST", "/screenshots", { name: upload.name, content: await base64Of(upload.image), regions: upload.regions });
}
