// RFC 4180 CSV: whatever parses must give records as wide as the header, and re-escaping
// the parsed fields must read back to the same table.

#include "FuzzSupport.h"

#include "core/io/CsvReader.h"

namespace {

QString join(const QStringList &fields)
{
    QStringList escaped;
    for (const QString &f : fields)
        escaped.append(gpuplanner::core::csvEscape(f));
    return escaped.join(u',');
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const QString text = QString::fromUtf8(reinterpret_cast<const char *>(data), qsizetype(size));
    const auto table = core::parseCsv(text, QStringLiteral("fuzz"));
    if (!table)
        return 0;
    for (const core::CsvRecord &r : table->records()) {
        if (r.fields.size() != table->header().size())
            fuzz::fail("a record is not as wide as the header");
        for (const QString &column : table->header())
            (void)table->field(r, column);
    }
    QString again = join(table->header()) + u'\n';
    for (const core::CsvRecord &r : table->records())
        again += join(r.fields) + u'\n';
    const auto reread = core::parseCsv(again, QStringLiteral("again"));
    // csvEscape writes text a spreadsheet would run as a formula with a leading apostrophe.
    const auto same = [](const QStringList &read, const QStringList &original) {
        if (read.size() != original.size())
            return false;
        for (qsizetype k = 0; k < read.size(); ++k) {
            if (read.at(k) != original.at(k) && read.at(k) != u'\'' + original.at(k))
                return false;
        }
        return true;
    };
    if (!reread || !same(reread->header(), table->header()) || reread->size() != table->size())
        fuzz::fail("re-escaped table does not parse back");
    for (qsizetype i = 0; i < table->size(); ++i) {
        if (!same(reread->records().at(i).fields, table->records().at(i).fields))
            fuzz::fail("re-escaped record reads back differently");
    }
    return 0;
}
