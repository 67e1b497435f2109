// Creates a record with files through XMLHttpRequest, so the person sees real progress from the
// bytes actually sent (fetch cannot report upload progress).
import { pb, serverMessage } from "./pocketbase";

export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export function createWithProgress<T>(collection: string, body: FormData, onProgress: (percent: number) => void): Promise<T> {
  return sendWithProgress<T>("POST", `/api/collections/${collection}/records`, body, onProgress);
}

export function updateWithProgress<T>(collection: string, id: string, body: FormData, onProgress: (percent: number) => void): Promise<T> {
  return sendWithProgress<T>("PATCH", `/api/collections/${collection}/records/${id}`, body, onProgress);
}

function sendWithProgress<T>(method: "POST" | "PATCH", path: string, body: FormData, onProgress: (percent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `${pb.baseURL}${path}`);
    if (pb.authStore.token) xhr.setRequestHeader("Authorization", pb.authStore.token);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      let data: { message?: string };
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        return reject(new UploadError("Invalid response format from upload service", xhr.status));
      }
      const message = serverMessage(xhr.status, data.message);
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new UploadError(message ? `Upload failed: ${message}` : `Upload failed with status ${xhr.status}`, xhr.status));
    };
    xhr.onerror = () => reject(new UploadError("Upload failed: the connection was lost.", 0));
    xhr.send(body);
  });
}
