// findByRole runs in the page (every engine evaluates it the same way; it uses
// nothing from outside itself). It finds the visible elements with an ARIA role
// and an accessible name, a small version of what Playwright's getByRole does:
//
//   role: the explicit role attribute (its first token), else the implicit role
//         of the element (button, link, checkbox, radio, textbox, searchbox,
//         combobox, listbox, option, slider, spinbutton, heading, dialog, list,
//         listitem, img, navigation, main, banner, contentinfo, region, form,
//         group, table, row, cell, columnheader, progressbar, status, ...)
//   name: aria-labelledby, aria-label, the <label>s of a form control, alt,
//         value of input buttons, the text content for roles named by their
//         content, title, placeholder (in that order; whitespace collapsed)
//
// q: {role, name: null | string | {source, flags}, exact, one, none, select}. A string
// name matches as a case-insensitive substring, or as the whole name with exact.
// Returns [{role, name, tag, x, y, left, top, width, height}] (x, y: the centre in
// CSS px of the viewport), or null when nothing matches; with one: true only an
// answer of exactly one element (else null); with none: true, whether nothing
// matches. select: a value to choose in the one matching <select> (as
// Playwright's selectOption does: set it, then fire input and change).
export function findByRole(q) {
  const norm = s => String(s ?? '').replace(/\s+/g, ' ').trim();
  const byContent = new Set(['button', 'link', 'checkbox', 'radio', 'heading', 'option', 'tab', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'treeitem', 'cell', 'columnheader', 'rowheader', 'row', 'switch',
    'tooltip', 'listitem', 'gridcell', 'label', 'legend', 'caption']);
  const landmarkParents = 'article, aside, main, nav, section, [role=article], [role=complementary], [role=main], [role=navigation], [role=region]';

  function implicitRole(el) {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') || '').toLowerCase();
    switch (tag) {
      case 'button': return 'button';
      case 'summary': return 'button';
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'input':
        if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
        if (type === 'checkbox') return 'checkbox';
        if (type === 'radio') return 'radio';
        if (type === 'range') return 'slider';
        if (type === 'number') return 'spinbutton';
        if (type === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
        if (type === 'hidden' || type === 'file' || type === 'color' || type === 'password') return null;
        return el.hasAttribute('list') ? 'combobox' : 'textbox';
      case 'textarea': return 'textbox';
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'option': return 'option';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'dialog': return 'dialog';
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'li': return 'listitem';
      case 'img': return el.getAttribute('alt') === '' ? 'presentation' : 'img';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'header': return el.closest(landmarkParents) ? null : 'banner';
      case 'footer': return el.closest(landmarkParents) ? null : 'contentinfo';
      case 'aside': return 'complementary';
      case 'section': return authorNamed(el) ? 'region' : null;
      case 'form': return authorNamed(el) ? 'form' : null;
      case 'fieldset': return 'group';
      case 'table': return 'table';
      case 'tr': return 'row';
      case 'td': return 'cell';
      case 'th': return 'columnheader';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'output': return 'status';
      case 'article': return 'article';
      case 'hr': return 'separator';
      case 'label': return null;
      default: return null;
    }
  }

  // authorNamed: a name given by the author (which makes a section a region).
  const authorNamed = el => !!(norm(el.getAttribute('aria-label')) || norm(el.getAttribute('aria-labelledby')) || norm(el.title));

  function roleOf(el) {
    const explicit = norm(el.getAttribute('role')).split(' ')[0];
    return explicit || implicitRole(el);
  }

  function hidden(el) {
    for (let e = el; e; e = e.parentElement) {
      if (e.hidden || e.getAttribute('aria-hidden') === 'true') return true;
      if (e.tagName === 'DIALOG' && !e.open) return true;
      const cs = getComputedStyle(e);
      if (cs.display === 'none') return true;
    }
    const cs = getComputedStyle(el);
    return cs.visibility !== 'visible';
  }

  // text is the accessible text of a subtree, for names from content.
  function text(node, seen) {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node;
    if (seen.has(el)) return '';
    seen.add(el);
    if (el !== seen.root && (el.getAttribute('aria-hidden') === 'true' || getComputedStyle(el).display === 'none')) return '';
    if (el !== seen.root) {
      const lab = el.getAttribute('aria-label');
      if (lab && norm(lab)) return ' ' + lab + ' ';
      const tag = el.tagName.toLowerCase();
      if (tag === 'img') return ' ' + (el.getAttribute('alt') || '') + ' ';
      if (tag === 'input' || tag === 'textarea') return ' ' + (el.value || '') + ' ';
      if (tag === 'select') return ' ' + (el.selectedOptions[0]?.textContent || '') + ' ';
    }
    let out = '';
    for (const c of el.childNodes) out += text(c, seen);
    const d = getComputedStyle(el).display;
    return d === 'inline' ? out : ' ' + out + ' ';
  }
  const textOf = el => { const seen = new Set(); seen.root = el; return norm(text(el, seen)); };

  function name(el) {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const parts = by.split(/\s+/).map(id => document.getElementById(id)).filter(Boolean).map(textOf);
      if (norm(parts.join(' '))) return norm(parts.join(' '));
    }
    const lab = el.getAttribute('aria-label');
    if (lab && norm(lab)) return norm(lab);
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') || '').toLowerCase();
    if (tag === 'input' && ['button', 'submit', 'reset'].includes(type)) {
      return norm(el.value) || (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');
    }
    if (el.labels && el.labels.length) {
      // A label's text without the control inside it.
      const parts = [...el.labels].map(l => { const seen = new Set([el]); seen.root = l; return norm(text(l, seen)); });
      if (norm(parts.join(' '))) return norm(parts.join(' '));
    }
    if (tag === 'img' || (tag === 'input' && type === 'image')) {
      const alt = el.getAttribute('alt');
      if (alt && norm(alt)) return norm(alt);
    }
    if (tag === 'fieldset') {
      const legend = el.querySelector(':scope > legend');
      if (legend) return textOf(legend);
    }
    if (tag === 'table') {
      const cap = el.querySelector(':scope > caption');
      if (cap) return textOf(cap);
    }
    const role = roleOf(el);
    if (byContent.has(role) || (tag === 'summary')) {
      const t = textOf(el);
      if (t) return t;
    }
    if (el.title && norm(el.title)) return norm(el.title);
    if (el.placeholder && norm(el.placeholder)) return norm(el.placeholder);
    return '';
  }

  const match = n => {
    if (q.name === null || q.name === undefined) return true;
    if (typeof q.name === 'object') return new RegExp(q.name.source, q.name.flags).test(n);
    return q.exact ? n === norm(q.name) : n.toLowerCase().includes(norm(q.name).toLowerCase());
  };

  const found = [], els = [];
  for (const el of document.querySelectorAll('*')) {
    if (roleOf(el) !== q.role) continue;
    if (hidden(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) continue;
    const n = name(el);
    if (!match(n)) continue;
    els.push(el);
    found.push({
      role: q.role, name: n, tag: el.tagName.toLowerCase(),
      x: r.left + r.width / 2, y: r.top + r.height / 2, left: r.left, top: r.top, width: r.width, height: r.height,
    });
  }
  if (q.none) return found.length === 0;
  if (q.select !== undefined && found.length === 1) {
    const el = els[0];
    if (el.tagName !== 'SELECT') throw new Error(`select: ${q.role} "${found[0].name}" is a <${found[0].tag}>, not a <select>`);
    const opt = [...el.options].find(o => o.value === q.select || norm(o.textContent) === norm(q.select));
    if (!opt) throw new Error(`select: no option ${q.select} in "${found[0].name}"`);
    el.value = opt.value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }
  if (q.one) return found.length === 1 ? found : null;
  return found.length ? found : null;
}
