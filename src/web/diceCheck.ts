// The one script of the pages: it checks a resolution's dice in the reader's browser with Web
// Crypto, by the algorithm of docs/auditing.md ("Dice anyone can check") that `pbem dice verify`
// and tools/verify_dice.py follow: the secret against its commitment, then each roll shown
// recomputed from the secret, the game, the resolution, the roll's number and label and the salts.
// It only reads the page and writes text into it; the page reads the same without it.

export const DICE_SCRIPT = `'use strict';
(async function () {
  var table = document.getElementById('rolls');
  var out = document.getElementById('dice-check');
  if (!table || !out) return;
  if (!(window.crypto && crypto.subtle)) {
    out.textContent = 'This browser cannot check the dice here (Web Crypto needs https); pbem dice verify does the same.';
    return;
  }
  var d = table.dataset;
  var bytes = function (hex) { return new Uint8Array(hex.match(/../g).map(function (x) { return parseInt(x, 16); })); };
  var hex = function (buf) { return Array.from(new Uint8Array(buf), function (b) { return b.toString(16).padStart(2, '0'); }).join(''); };
  var enc = new TextEncoder();
  var genuine = hex(await crypto.subtle.digest('SHA-256', bytes(d.secret))) === d.commitment;
  var key = await crypto.subtle.importKey('raw', bytes(d.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  async function roll(message, sides) {
    var limit = Math.floor(4294967296 / sides) * sides;
    for (var block = 0; block < 64; block++) {
      var view = new DataView(await crypto.subtle.sign('HMAC', key, enc.encode(block === 0 ? message : message + '|' + block)));
      for (var off = 0; off < 32; off += 4) {
        var w = view.getUint32(off, false);
        if (w < limit) return 1 + (w % sides);
      }
    }
    return null;
  }
  var rows = table.querySelectorAll('tr[data-index]');
  var wrong = 0;
  for (var i = 0; i < rows.length; i++) {
    var r = rows[i].dataset;
    var face = await roll([d.game, d.point, r.index, r.label, d.salt].join('|'), Number(r.sides));
    var ok = face === Number(r.value);
    if (!ok) wrong++;
    var cell = rows[i].querySelector('.check');
    cell.textContent = ok ? 'agrees' : 'DIFFERS: the secret gives ' + face;
    rows[i].className = ok ? 'agrees' : 'differs';
  }
  out.className = genuine && wrong === 0 ? 'agrees' : 'differs';
  out.textContent = !genuine
    ? 'CHECK FAILED: the secret does not hash to the commitment published before the orders.'
    : wrong
      ? 'CHECK FAILED: ' + wrong + ' of ' + rows.length + ' roll(s) differ from what the secret gives.'
      : 'Checked in your browser: the secret matches its commitment, and all ' + rows.length + ' roll(s) shown agree with it.';
})();
`
