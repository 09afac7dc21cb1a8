/** Shown while the first page's code loads. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status">
      Loading…
    </div>
  );
}
