import "./lib/csp";
import "./ui/global.css";

// The app's code is evaluated library by library, each in a task of its own: evaluated in one go
// it held a slow phone's main thread for half a second (a 460 ms task at 4× CPU slowdown), with
// the page on screen but deaf to taps. The stages are fetched together (src/boot/start.js lists
// them, vite.first-paint.ts); only their evaluation is spread out. Later stages reuse what the
// earlier ones evaluated, so the order follows the imports: libraries first, the app last. After
// react-dom (one CommonJS module either way) each stage is a module of ours, not a library's whole
// namespace, so the libraries' unused exports stay out of the build.
const STAGES = [
  () => import("react-dom/client"),
  () => import("./lib/db"),
  () => import("./lib/pocketbase"),
  () => import("./app/router"),
  async () => (await import("./app/router")).openHistory(),
  () => import("./app/routes"),
];

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

for (const stage of STAGES) {
  await nextTask();
  await stage();
}
await nextTask();
const { start } = await import("./boot/app");
// The app's module builds the router (its routes matched against the address); the router starts
// and the takeover begins in the next task, not at the end of that one (src/app/router.ts).
await nextTask();
start(document.getElementById("root")!);
