// Run with `ductus test` (or `ductus test adt-in`) in the project folder.
import { toPatientIndex, transform } from '../transform.js';

// An ADT message as a sender writes it; hl7`…` keeps the backslash of ^~\& as written.
const adt = (event, pid) => hl7`
  MSH|^~\&|HIS|GENERAL|INDEX|GENERAL|20260101120000||ADT^${event}^ADT_A01|MSG0001|P|2.5
  EVN|${event}|20260101120000
  PID|1||${pid}
  PV1|1|I|WARD^12^1
`;

// ductus.yaml's variable, as a deployment might set it; every test of this file sees it.
mock.env('PATIENT_INDEX', 'MPI-TEST');

test('archive and by-type get the message as it came', () => {
  const msg = adt('A01', '12345^^^GENERAL^MR||  duck ^DONALD^^^MR.||19720227|m');
  expect(transform(msg)).toBe(msg);
});

test('the patient index gets the family name in capitals and the given name capitalised', () => {
  const { output } = run(toPatientIndex, adt('A01', '12345^^^GENERAL^MR||  duck ^DONALD^^^MR.||19720227|M'));
  expect(output.get('PID-5.1')).toBe('DUCK');
  expect(output.get('PID-5.2')).toBe('Donald');
  expect(output.get('PID-5.5')).toBe('MR.');
});

test('the patient index is named as the receiving application', () => {
  const { output } = run(toPatientIndex, adt('A01', '12345||DUCK^DONALD||19720227|M'));
  expect(output.get('MSH-5')).toBe('MPI-TEST');
});

test('double-barrelled given names keep each part', () => {
  const { output } = run(toPatientIndex, adt('A04', '777||SMITH^mary-ann jo||19900101|F'));
  expect(output.get('PID-5.2')).toBe('Mary-Ann Jo');
});

test('the sender\'s sex spellings become HL7 table 0001 codes', () => {
  for (const [sent, code] of [['m', 'M'], ['Female', 'F'], ['', 'U'], ['unknown', 'U']]) {
    expect(run(toPatientIndex, adt('A08', `1||DOE^JO||19900101|${sent}`)).output.get('PID-8')).toBe(code);
  }
});

test('an unknown sex code is quarantined for someone to look at', () => {
  expect(() => toPatientIndex(adt('A01', '1||DOE^JO||19900101|X'))).toQuarantine("unknown administrative sex 'X'");
});

test('a message without a patient identifier is quarantined', () => {
  expect(() => toPatientIndex(adt('A01', '||DOE^JO'))).toQuarantine('no patient identifier in PID-3.1');
});

test('events that do not register or update a patient are filtered', () => {
  expect(() => toPatientIndex(adt('A02', '1||DOE^JO'))).toFilter('ADT^A02 does not register');
  expect(() => toPatientIndex(adt('A01', '1||DOE^JO').set('MSH-9.1', 'ORU'))).toFilter();
  expect(() => toPatientIndex(adt('A08', '1||DOE^JO||19900101|M'))).not.toFilter();
});
