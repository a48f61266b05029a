#include "net/sources/EcbFxSource.h"

#include "core/common/Redact.h"

#include <QDate>
#include <QXmlStreamReader>

namespace gpuplanner::net {

using namespace gpuplanner::core;

QUrl EcbFxSource::defaultUrl()
{
    return QUrl(QStringLiteral("https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml"));
}

Result<QList<FxRate>> parseEcbRates(const QByteArray &xml, const QString &source)
{
    QXmlStreamReader reader(xml);
    QString date;
    QHash<QString, double> perEuro;
    while (!reader.atEnd()) {
        reader.readNext();
        if (!reader.isStartElement() || reader.name() != u"Cube")
            continue;
        const auto attributes = reader.attributes();
        if (attributes.hasAttribute(QStringLiteral("time"))) {
            date = attributes.value(QStringLiteral("time")).toString();
            if (!QDate::fromString(date, Qt::ISODate).isValid())
                return Error{QStringLiteral("%1: Cube/@time '%2' is not a date").arg(source, date)};
        } else if (attributes.hasAttribute(QStringLiteral("currency"))) {
            const QString currency = attributes.value(QStringLiteral("currency")).toString();
            const QString rateText = attributes.value(QStringLiteral("rate")).toString();
            bool ok = false;
            const double rate = rateText.toDouble(&ok);
            if (!ok || rate <= 0)
                return Error{QStringLiteral("%1: Cube[@currency='%2']/@rate '%3' is not a positive number")
                                 .arg(source, currency, rateText)};
            perEuro.insert(currency, rate);
        }
    }
    if (reader.hasError())
        return Error{QStringLiteral("%1: malformed XML at line %2: %3")
                         .arg(source)
                         .arg(reader.lineNumber())
                         .arg(reader.errorString())};
    if (date.isEmpty())
        return Error{QStringLiteral("%1: no Cube element with a time attribute").arg(source)};
    const double usdPerEuro = perEuro.value(QStringLiteral("USD"));
    if (usdPerEuro <= 0)
        return Error{QStringLiteral("%1: no USD rate, so no rate can be expressed per US dollar").arg(source)};

    QList<FxRate> rates;
    const QString label = QStringLiteral("ECB euro reference rate");
    rates.append(FxRate{QStringLiteral("EUR"), 1.0 / usdPerEuro, date, label});
    for (auto it = perEuro.cbegin(); it != perEuro.cend(); ++it) {
        if (it.key() != u"USD")
            rates.append(FxRate{it.key(), it.value() / usdPerEuro, date, label});
    }
    std::sort(rates.begin(), rates.end(), [](const FxRate &a, const FxRate &b) { return a.currency < b.currency; });
    return rates;
}

Result<ImportBatch> EcbFxSource::fetch(const QString &provider, const RefreshContext &context)
{
    if (provider != providerId())
        return Error{QStringLiteral("the ECB source only provides '%1'").arg(providerId())};
    HttpRequest request;
    request.url = m_url;
    request.expectedContentTypes = {"text/xml", "application/xml"};
    auto response = context.http->send(
        request,
        [&](qint64 done, qint64 total) {
            if (context.progress)
                context.progress(QStringLiteral("downloading"), done, total);
        },
        context.cancel);
    if (!response)
        return response.error();
    auto rates = parseEcbRates(response->body, core::redactUrl(m_url));
    if (!rates)
        return rates.error();
    ImportBatch batch;
    batch.fxRates = rates.value();
    batch.fetchedAt = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return batch;
}

} // namespace gpuplanner::net
