// zod pieces the admin forms share.
import { z } from "zod";
import type { ImageValue } from "../formValues";

export const required = (message: string) => z.string().trim().min(1, message);
export const hasImage = (message: string) => z.custom<ImageValue>((v) => !!(v as ImageValue)?.file || !!(v as ImageValue)?.existing, message);
export const optionalUrl = z.string().trim().refine((v) => v === "" || /^https?:\/\/\S+\.\S+/.test(v), "Please enter a full URL, starting with https://");
export const optionalDecimal = z.string().trim().refine((v) => v === "" || (!Number.isNaN(Number(v)) && Number(v) >= 0), "Please enter a price like 24.99");
export const optionalWhole = z.string().trim().refine((v) => v === "" || /^\d+$/.test(v), "Please enter a whole number");
