#pragma once
// Currencies: whether a code is an ISO 4217 currency a bill can be written in (internal to
// core/actuals); a billing export's currency cell is refused unless it is one.

#include <QStringView>

namespace gpuplanner::core::actuals::detail {

// "USD", "EUR", "CNY" ... (upper case, exactly three letters); false for "XYZ", "US$", "RMB", "XTS", "".
bool isIso4217Currency(QStringView code);

} // namespace gpuplanner::core::actuals::detail
