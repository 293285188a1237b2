// The code of adt-in. Each destination runs one function exported here on every message: the one its
// `transform:` names in interface.yaml, else `transform`. Tests: tests/*.test.js, run by `ductus test`.
import { administrativeSex } from '../../lib/codes.js';

/** archive and by-type: the message as it came (unchanged, it is written back byte for byte). */
export function transform(msg) {
  return msg;
}

// The events that register a patient or change their data.
const PATIENT_EVENTS = new Set(['A01', 'A04', 'A05', 'A08', 'A28', 'A31']);

/** patients: registrations and updates for a patient index, with the name and sex cleaned up. */
export function toPatientIndex(msg) {
  const type = `${msg.get('MSH-9.1')}^${msg.get('MSH-9.2')}`;
  if (msg.get('MSH-9.1') !== 'ADT' || !PATIENT_EVENTS.has(msg.get('MSH-9.2'))) {
    filter(`${type} does not register or update a patient`);
  }
  if (!msg.get('PID-3.1')) quarantine(`${type} has no patient identifier in PID-3.1`);

  msg.set('MSH-5', env('PATIENT_INDEX'));                         // receiving application
  msg.set('PID-5.1', msg.get('PID-5.1').trim().toUpperCase());   // family name: DUCK
  msg.set('PID-5.2', capitalised(msg.get('PID-5.2')));           // given name: Donald

  const sex = administrativeSex(msg.get('PID-8'));
  if (sex === undefined) quarantine(`unknown administrative sex '${msg.get('PID-8')}' in PID-8`);
  msg.set('PID-8', sex);
  return msg;
}

const capitalised = (name) => name.trim().toLowerCase().replace(/(^|[\s-])\p{L}/gu, (first) => first.toUpperCase());
