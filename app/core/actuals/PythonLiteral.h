#pragma once
// PythonLiteral: a Python literal as repr() writes it, read into JSON values (internal to
// core/actuals). Tools that flatten the GCP export with pandas (koku's test data, for one) write
// the repeated credits record into its CSV cell that way rather than as JSON:
// [{'name': 'FreeTrial:Credit-...', 'amount': -5e-06, 'full_name': None, 'type': 'PROMOTION'}].

#include "core/common/Result.h"

#include <QJsonValue>
#include <QStringView>

namespace gpuplanner::core::actuals::detail {

// Lists, dicts with string keys, strings in single or double quotes with Python's escapes,
// integers and decimals (with an exponent), None, True and False, nested up to 32 deep. Anything
// else (names, calls, tuples, sets, bytes, inf, nan, text after the literal) is an error that says
// what was found and at which character (from 1).
Result<QJsonValue> readPythonLiteral(QStringView text);

} // namespace gpuplanner::core::actuals::detail
