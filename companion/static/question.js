// Each phone at its question (issue 32): when its seat is asked something new, the phone
// scrolls to the question's first button and focuses it, whatever panel of a finished
// thing (a combat, a reveal) stands above it. What the player must do with the box first
// (a game marks it data-with-question: move a figure the app moved) comes into view with
// the button when both fit on the screen. A phone whose player is typing keeps its place;
// the standing offers (a correction folded away) are not a question.
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

  function bring(live, button) {
    var box = button.getBoundingClientRect();
    var height = window.innerHeight;
    var told = live.querySelector("[data-with-question]");
    var top = told ? told.getBoundingClientRect().top : null;
    if (top !== null && top < box.top && box.bottom - top <= height) {
      if (top < 0 || box.bottom > height) { window.scrollBy(0, top); }
      return;
    }
    if (box.top < 0 || box.bottom > height) { button.scrollIntoView({block: "center"}); }
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
    bring(live, button);
    button.focus({preventScroll: true});
  }

  document.addEventListener("htmx:afterSettle", atQuestion);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", atQuestion); }
  else { atQuestion(); }
})();
