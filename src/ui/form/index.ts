// The one form pattern: useForm (zod on submit, field messages, values kept), the fields, the
// submit button, and the file checks. Imported only by lazily loaded forms.
export { useForm, type FieldErrors } from "./useForm";
export { TextField, SelectField, CheckboxField } from "./fields";
export { SubmitButton } from "./SubmitButton";
export { fileProblem, formatBytes, ACCEPT, MAX_FILE_BYTES, ALLOWED_TYPES, type FileProblem } from "./files";
