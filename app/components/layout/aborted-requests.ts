// A request given up on purpose must not surface as an error. React Router aborts a page change's
// requests when another click comes first, and a fetcher's when it is sent again. React Router
// 7.18.4's data decoder (turbo-stream's `decode`, under single fetch) leaves two promises without
// a handler when the abort comes while a data response is still arriving: they reject with the
// abort, and the browser reports each as an uncaught error although nothing failed and the new
// page shows. An abort is always asked for (a timeout is a 'TimeoutError' and stays reported, as
// does every other error); our own code handles its aborts (location-search.tsx).

/** Keeps the leftover rejections of aborted requests out of the console (entry.client.tsx). */
export function ignoreAbortedRequests() {
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason
    if (reason instanceof DOMException && reason.name === 'AbortError') event.preventDefault()
  })
}
