export function PageLoading() {
  return (
    <div className="container section muted" role="status">
      Loading...
    </div>
  );
}
