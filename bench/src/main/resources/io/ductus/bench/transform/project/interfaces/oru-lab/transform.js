// ORU^R01 from the reference lab to the EHR: LOINC as the primary code (the lab's own code kept as the
// alternate), UCUM units, an abnormal flag from the reference range where the lab gave none, blank
// comment lines dropped and the rest renumbered, and a summary segment for the EHR's inbox.
import { LOINC, UCUM } from '../../lib/lab-codes.js';

export function transform(msg, meta) {
  if (msg.get('MSH-9.1') !== 'ORU') filter('not a result: ' + msg.get('MSH-9'));
  msg.set('MSH-3', 'DUCTUS');
  msg.set('MSH-5', 'EHR');
  msg.set('MSH-6', 'MAIN');

  const results = msg.segments('OBX');
  let abnormal = 0;
  let unmapped = 0;
  for (const obx of results) {
    const local = obx.get('3.1');
    const loinc = LOINC[local];
    if (loinc) {
      const localName = obx.get('3.2');
      obx.set('3.1', loinc.code).set('3.2', loinc.name).set('3.3', 'LN');
      obx.set('3.4', local).set('3.5', localName).set('3.6', '99AEL');
    } else {
      unmapped++;
    }
    const unit = obx.get('6.1');
    if (unit !== '') obx.set('6.1', UCUM[unit] ?? unit).set('6.3', 'UCUM');
    let flag = obx.get('8');
    if (flag === '' && obx.get('2') === 'NM') {
      flag = flagFor(Number(obx.get('5')), obx.get('7'));
      if (flag !== '') obx.set('8', flag);
    }
    if (flag !== '' && flag !== 'N') abnormal++;
  }

  let comment = 0;
  for (const nte of msg.segments('NTE')) {
    if (nte.get('3').trim() === '') msg.remove(nte);
    else nte.set('1', ++comment);
  }

  msg.add(`ZRS|1|${results.length}|${abnormal}|${unmapped}|${meta.id}`);
  return msg;
}

/** H, L or N for a value against a range written "28-217", "<30" or ">60"; empty when it cannot tell. */
function flagFor(value, range) {
  if (Number.isNaN(value) || range === '') return '';
  let m = /^\s*(-?[\d.]+)\s*-\s*(-?[\d.]+)\s*$/.exec(range);
  if (m) return value < Number(m[1]) ? 'L' : value > Number(m[2]) ? 'H' : 'N';
  m = /^\s*([<>]=?)\s*(-?[\d.]+)\s*$/.exec(range);
  if (!m) return '';
  const limit = Number(m[2]);
  const inside = m[1] === '<' ? value < limit : m[1] === '<=' ? value <= limit : m[1] === '>' ? value > limit : value >= limit;
  if (inside) return 'N';
  return m[1].startsWith('<') ? 'H' : 'L';
}
