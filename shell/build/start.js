// The app's scripts start once the browser has painted the page as the server sent it.
//
// The build lists the app's entry scripts as <link rel="preload" as="script" data-app-entry> in
// <head> (downloaded at once, at the priority deferred scripts have) and loads only this file as a
// deferred script. Deferred scripts run as soon as the document is parsed, and when the HTML
// arrives in one piece (a short page, a fast network) that is before the first frame: the first
// paint then waited for the federation runtime's ~100 ms of evaluation on a phone. Here the entries
// are added after the next frame has been painted (a timer set from requestAnimationFrame runs
// after that frame), in order (async = false), from the preloaded copies.
//
// Plain ES5 on purpose: it runs as written, before any bundle, in every browser the app supports.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var entries = document.querySelectorAll('link[rel="preload"][as="script"][data-app-entry]');
    for (var i = 0; i < entries.length; i++) {
      var script = document.createElement('script');
      var crossOrigin = entries[i].getAttribute('crossorigin');
      if (crossOrigin !== null) script.setAttribute('crossorigin', crossOrigin);
      script.src = entries[i].href;
      script.async = false;
      document.head.appendChild(script);
    }
  }
  // A page in a background tab gets no frames: nothing to paint first.
  if (document.visibilityState !== 'visible' || typeof window.requestAnimationFrame !== 'function') {
    start();
    return;
  }
  window.requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  // A page whose frames are held back for another reason still starts.
  setTimeout(start, 500);
})();
