// Copy buttons on the guide's examples (every `pre[data-copy]`). A file rather than an inline
// script: the page's Content-Security-Policy allows scripts from this origin only. Without
// this script (or JavaScript) the examples are still there to select by hand.
//
// Copying: the Clipboard API where the browser offers it (secure contexts: https, or
// localhost); otherwise the example's text is selected and document.execCommand('copy') is
// tried; if that fails too, the text stays selected and the visitor is told to press Ctrl+C.
// The outcome is announced in a polite live region, and shown on the button for two seconds.
(() => {
  const status = document.createElement('p');
  status.className = 'visually-hidden';
  status.setAttribute('role', 'status');
  document.body.append(status);

  function announce(button, message) {
    status.textContent = '';
    // A fresh text node after clearing, so the same message is announced again.
    window.setTimeout(() => {
      status.textContent = message;
    }, 50);
    button.textContent = message === 'Copied' ? 'Copied' : 'Copy';
    window.clearTimeout(button.resetTimer);
    button.resetTimer = window.setTimeout(() => {
      button.textContent = 'Copy';
    }, 2000);
  }

  function selectText(element) {
    const range = document.createRange();
    range.selectNodeContents(element);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function copyBySelection(code) {
    selectText(code);
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }

  async function copy(button, code) {
    const text = code.textContent;
    let copied = false;
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(text);
        copied = true;
      } catch {
        copied = false; // permission refused: fall back below
      }
    }
    if (!copied) copied = copyBySelection(code);
    if (!copied) selectText(code);
    announce(button, copied ? 'Copied' : 'Selected: press Ctrl+C (⌘C on a Mac) to copy');
  }

  // A guide served without PUBLIC_BASE_URL shows a placeholder origin in its commands: the
  // browser knows the address the page was read from, so the commands use that instead.
  const note = document.getElementById('address-note');
  const placeholder = note?.dataset.placeholder;
  if (placeholder && window.location.origin.startsWith('http')) {
    for (const code of document.querySelectorAll('pre[data-copy] code')) {
      code.textContent = code.textContent.split(placeholder).join(window.location.origin);
    }
    note.textContent = `The commands on this page use the address you are reading it at, ${window.location.origin}.`;
  }

  let count = 0;
  for (const pre of document.querySelectorAll('pre[data-copy]')) {
    const code = pre.querySelector('code') ?? pre;
    const block = document.createElement('div');
    block.className = 'code-block';
    pre.before(block);
    block.append(pre);
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy-button';
    button.textContent = 'Copy';
    // The example's label ("Claude Code command") describes which one the button copies.
    if (!pre.id) pre.id = `example-${++count}`;
    button.setAttribute('aria-describedby', pre.id);
    button.addEventListener('click', () => {
      void copy(button, code);
    });
    const toolbar = document.createElement('div');
    toolbar.className = 'code-toolbar';
    toolbar.append(button);
    block.prepend(toolbar);
  }
})();
