// Each phone at its question (issue 32): when its seat is asked something new, the phone
// scrolls to the question's first button and focuses it, whatever panel of a finished
// thing (a combat, a reveal) stands above it. A phone whose player is typing keeps its
// place; the standing offers (a correction folded away) are not a question.
(function () {
  "use strict";
  var seen = null;

  function firstButton(live) {
    var buttons = live.querySelectorAll("form.act button:not([disabled])");
    for (var i = 0; i < buttons.length; i++) {
      var button = buttons[i];
      if (button.offsetParent !== null && !button.closest("details:not([open])")) { return button; }
    }
    return null;
  }

  function atQuestion() {
    var live = document.getElementById("live");
    if (!live || !live.hasAttribute("data-ask")) { return; }
    var ask = live.getAttribute("data-ask");
    if (ask === seen) { return; }
    seen = ask;
    if (!ask) { return; }
    var typing = document.activeElement;
    if (typing && /^(INPUT|TEXTAREA|SELECT)$/.test(typing.tagName) && live.contains(typing)) { return; }
    var button = firstButton(live);
    if (!button) { return; }
    var box = button.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) { button.scrollIntoView({block: "center"}); }
    button.focus({preventScroll: true});
  }

  document.addEventListener("htmx:afterSettle", atQuestion);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", atQuestion); }
  else { atQuestion(); }
})();
