// Creates a record with files through XMLHttpRequest, so the person sees real progress from the
// bytes actually sent (fetch cannot report upload progress).
import { pb, serverMessage } from "./pocketbase";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's JSON answer, shaped like the SDK's ClientResponseError.response (field errors under data). */
    readonly response: { message?: string; data?: Record<string, { code?: string; message?: string } | undefined> } = {},
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** Percent of the whole body sent, with the bytes sent so far and the body's size. */
export type ProgressListener = (percent: number, loaded: number, total: number) => void;

export function createWithProgress<T>(collection: string, body: FormData, onProgress: ProgressListener): Promise<T> {
  return sendWithProgress<T>("POST", `/api/collections/${collection}/records`, body, onProgress);
}

export function updateWithProgress<T>(collection: string, id: string, body: FormData, onProgress: ProgressListener): Promise<T> {
  return sendWithProgress<T>("PATCH", `/api/collections/${collection}/records/${id}`, body, onProgress);
}

function sendWithProgress<T>(method: "POST" | "PATCH", path: string, body: FormData, onProgress: ProgressListener): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${pb.baseURL}${path}`);
    if (pb.authStore.token) xhr.setRequestHeader("Authorization", pb.authStore.token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100), e.loaded, e.total);
    xhr.onload = () => {
      let data: { message?: string; data?: Record<string, { code?: string; message?: string } | undefined> };
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        return reject(new UploadError("Invalid response format from upload service", xhr.status));
      }
      const message = serverMessage(xhr.status, data.message);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new UploadError(message ? `Upload failed: ${message}` : `Upload failed with status ${xhr.status}`, xhr.status, data));
    };
    xhr.onerror = () => reject(new UploadError("Upload failed: the connection was lost.", 0));
    xhr.send(body);
  });
}
