// Code tables the project's interfaces share (imported as '../../lib/codes.js').

// Administrative sex, HL7 table 0001, from the spellings senders use.
const SEX = {
  M: 'M', MALE: 'M',
  F: 'F', FEMALE: 'F',
  O: 'O', OTHER: 'O',
  A: 'A', AMBIGUOUS: 'A',
  N: 'N', 'NOT APPLICABLE': 'N',
  U: 'U', UNKNOWN: 'U', '': 'U',
};

/** The table 0001 code for a sender's value; undefined when it is none we know. */
export function administrativeSex(value) {
  return SEX[String(value ?? '').trim().toUpperCase()];
}
