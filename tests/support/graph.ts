/**
 * The circles of a directed graph (`edges`: each node's successors), walked from each of `nodes`
 * in turn: each circle as the nodes on it, from where the walk entered it back to that node.
 */
export function circlesOf(edges: Map<string, Iterable<string>>, nodes: Iterable<string>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === "open") circles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, "done");
  };
  for (const node of nodes) if (!state.has(node)) visit(node);
  return circles;
}
