// The widget validates nothing, but the contracts modules it takes endpoints and rules from
// declare joi schemas at load time. This stand-in answers every schema call with itself, so
// the 170 KB validator stays out of a script that every embedding page downloads.
const schema = new Proxy(function joiStub() {}, { get: () => schema, apply: () => schema });
module.exports = schema;
module.exports.default = schema;
