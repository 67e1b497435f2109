// The admin area is one lazily loaded chunk: src/app/routes.tsx imports its pages on demand, so no
// visitor downloads admin code.
export {};
