#include "core/actuals/Currencies.h"

#include <QSet>
#include <QString>
#include <QStringList>

namespace gpuplanner::core::actuals::detail {

namespace {

// The ISO 4217 list of currency codes ("List One"), as its maintenance agency publishes it (SIX
// Group: https://www.six-group.com/en/products-services/financial-information/data-standards.html),
// taken from Debian iso-codes 4.15 (iso_4217.json) plus the codes added since (ZWG 2024, XCG 2025).
// Left out: XTS (reserved for testing) and XXX ("no currency involved"), which name no money a bill
// is in. Kept: fund codes and units such as XAU, which a hand-written spend file may use, and codes
// replaced in recent years (ANG, CUC, HRK, SLL, ZWL): a bill dated before their withdrawal is real.
constexpr const char *kCodes =
    "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BOV "
    "BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUC CUP CVE "
    "CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD "
    "HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD "
    "KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN "
    "MXV MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD "
    "RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS "
    "TMT TND TOP TRY TTD TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST "
    "XAF XAG XAU XBA XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XUA YER ZAR ZMW ZWG "
    "ZWL";

} // namespace

bool isIso4217Currency(QStringView code)
{
    static const QSet<QString> codes = [] {
        const QStringList list = QString::fromLatin1(kCodes).split(u' ', Qt::SkipEmptyParts);
        return QSet<QString>(list.begin(), list.end());
    }();
    return code.size() == 3 && codes.contains(code.toString());
}

} // namespace gpuplanner::core::actuals::detail
