// The one script of the pages: the checks a reader can run in his own browser with Web Crypto, and
// a slider through the resolutions.
// On a resolution's page it checks the dice by the algorithm of docs/auditing.md ("Dice anyone can
// check") that `pbem dice verify` and tools/verify_dice.py follow: the secret against its
// commitment, then each roll shown recomputed from the secret, the game, the resolution, the
// roll's number and label and the salts. On the chain page it recomputes the reader's own hash
// chain over the events he may see (src/reports/readerCopy.ts). It only reads the page and writes
// text into it; the pages read the same without it.

export const CHECK_SCRIPT = `'use strict';
(function () {
  var enc = new TextEncoder();
  var bytes = function (hex) { return new Uint8Array(hex.match(/../g).map(function (x) { return parseInt(x, 16); })); };
  var hex = function (buf) { return Array.from(new Uint8Array(buf), function (b) { return b.toString(16).padStart(2, '0'); }).join(''); };
  var sha256 = async function (text) { return hex(await crypto.subtle.digest('SHA-256', enc.encode(text))); };
  // Canonical JSON as the judge writes it: keys sorted by UTF-16 code unit, no whitespace.
  var canonical = function (v) {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (Array.isArray(v)) return '[' + v.map(function (x) { return x === undefined ? 'null' : canonical(x); }).join(',') + ']';
    return '{' + Object.keys(v).sort().filter(function (k) { return v[k] !== undefined; })
      .map(function (k) { return JSON.stringify(k) + ':' + canonical(v[k]); }).join(',') + '}';
  };
  var say = function (out, ok, text) { out.className = ok ? 'agrees' : 'differs'; out.textContent = text; };

  async function checkDice(table, out) {
    var d = table.dataset;
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
      rows[i].querySelector('.check').textContent = ok ? 'agrees' : 'DIFFERS: the secret gives ' + face;
      rows[i].className = ok ? 'agrees' : 'differs';
    }
    if (!genuine) return say(out, false, 'CHECK FAILED: the secret does not hash to the commitment published before the orders.');
    if (wrong) return say(out, false, 'CHECK FAILED: ' + wrong + ' of ' + rows.length + ' roll(s) differ from what the secret gives.');
    say(out, true, 'Checked in your browser: the secret matches its commitment, and all ' + rows.length + ' roll(s) shown agree with it.');
  }

  async function checkChain(data, out) {
    var copy = JSON.parse(data.textContent);
    if (copy.chain !== 'reader') return say(out, true, "The moderator's copy carries the judge's own chain: pbem game verify checks it.");
    var prev = '';
    for (var i = 0; i < copy.events.length; i++) {
      var e = copy.events[i];
      var hash = await sha256(prev + '\\n' + canonical({ n: e.n, type: e.type, recordedAt: e.recordedAt, data: e.data }));
      if (e.n !== i + 1 || e.prevHash !== prev || e.hash !== hash)
        return say(out, false, 'CHECK FAILED at event ' + (i + 1) + ' (' + e.type + '): the chain is broken there.');
      prev = hash;
    }
    say(out, true, 'Checked in your browser: all ' + copy.events.length + ' event(s) chain up to ' + prev + '.');
  }

  // The history as a slider over the resolutions' numbered links (which stay, and work without it).
  var slider = function (list) {
    if (!list) return;
    var links = list.querySelectorAll('a');
    var input = document.createElement('input');
    input.type = 'range';
    input.id = 'slider';
    input.min = '0';
    input.max = String(links.length - 1);
    input.setAttribute('aria-label', 'resolution');
    links.forEach(function (a, i) { if (a.hasAttribute('aria-current')) input.value = String(i); });
    input.addEventListener('change', function () { location.href = links[Number(input.value)].href; });
    list.parentNode.insertBefore(input, list);
  };
  slider(document.querySelector('nav ol'));

  var run = function (el, out, check) {
    if (!el || !out) return;
    if (!(window.crypto && crypto.subtle))
      return say(out, false, 'This browser cannot check here (Web Crypto needs https); pbem dice verify and pbem game verify do the same.');
    check(el, out).catch(function (e) { say(out, false, 'CHECK FAILED: ' + e.message); });
  };
  run(document.getElementById('rolls'), document.getElementById('dice-check'), checkDice);
  run(document.getElementById('events'), document.getElementById('chain-check'), checkChain);
})();
`
