#include "core/import/CatalogSnapshot.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace gpuplanner::core {

namespace {

const QString kFormat = QStringLiteral("gpu-planner-catalog-snapshot");

QByteArray checksum(const QJsonObject &content)
{
    // Qt writes object keys sorted, so the compact form is canonical.
    return QCryptographicHash::hash(QJsonDocument(content).toJson(QJsonDocument::Compact), QCryptographicHash::Sha256)
        .toHex();
}

QJsonValue optional(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

class Reader
{
public:
    explicit Reader(QString source) : m_source(std::move(source)) {}

    QString error() const { return m_error; }
    bool failed() const { return !m_error.isEmpty(); }

    QString string(const QJsonObject &o, const QString &path, const char *key, bool required = true)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isString())
            return v.toString();
        if (!required && (v.isUndefined() || v.isNull()))
            return {};
        fail(path + u'.' + QLatin1String(key), v, "a string");
        return {};
    }

    double number(const QJsonObject &o, const QString &path, const char *key)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isDouble() && std::isfinite(v.toDouble()))
            return v.toDouble();
        fail(path + u'.' + QLatin1String(key), v, "a number");
        return 0;
    }

    std::optional<double> optionalNumber(const QJsonObject &o, const QString &path, const char *key)
    {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined() || v.isNull())
            return std::nullopt;
        if (v.isDouble())
            return v.toDouble();
        fail(path + u'.' + QLatin1String(key), v, "a number or null");
        return std::nullopt;
    }

    void fail(const QString &path, const QJsonValue &value, const char *expected)
    {
        if (failed())
            return;
        const QString shown = value.isUndefined() ? QStringLiteral("missing")
                                                  : QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(
                                                                          QJsonDocument::Compact))
                                                        .mid(1)
                                                        .chopped(1);
        m_error = QStringLiteral("%1: %2 is %3, expected %4").arg(m_source, path, shown, QLatin1String(expected));
    }

private:
    QString m_source;
    QString m_error;
};

} // namespace

bool looksLikeSnapshot(const QByteArray &head)
{
    return head.trimmed().startsWith('{') && head.contains(kFormat.toUtf8());
}

QByteArray serializeSnapshot(const CatalogSnapshot &snapshot)
{
    QJsonArray providers;
    for (const SnapshotProvider &p : snapshot.providers) {
        providers.append(QJsonObject{{QStringLiteral("id"), p.id},
                                     {QStringLiteral("name"), p.name},
                                     {QStringLiteral("kind"), p.kind},
                                     {QStringLiteral("home_currency"), p.homeCurrency},
                                     {QStringLiteral("data_date"), p.dataDate},
                                     {QStringLiteral("data_note"), p.dataNote}});
    }
    QJsonArray offers;
    for (auto it = snapshot.batches.cbegin(); it != snapshot.batches.cend(); ++it) {
        for (const ImportedOffer &o : it.value().offers) {
            offers.append(QJsonObject{{QStringLiteral("provider"), it.key()},
                                      {QStringLiteral("instance_type"), o.instance.name},
                                      {QStringLiteral("gpu"), o.instance.gpuId},
                                      {QStringLiteral("gpu_count"), o.instance.gpuCount},
                                      {QStringLiteral("vcpus"), optional(o.instance.vcpus)},
                                      {QStringLiteral("memory_gib"), optional(o.instance.memoryGib)},
                                      {QStringLiteral("region"), o.region},
                                      {QStringLiteral("billing"), billingId(o.billing)},
                                      {QStringLiteral("term_months"), o.termMonths},
                                      {QStringLiteral("upfront"), o.upfront},
                                      {QStringLiteral("offering_class"), o.offeringClass},
                                      {QStringLiteral("upfront_fee"), optional(o.upfrontFee)},
                                      {QStringLiteral("recurring_per_hour"), optional(o.recurringPerHour)},
                                      {QStringLiteral("price_basis"), priceBasisId(o.priceBasis)},
                                      {QStringLiteral("min_duration_hours"), optional(o.minDurationHours)},
                                      {QStringLiteral("max_duration_hours"), optional(o.maxDurationHours)},
                                      {QStringLiteral("price_per_hour"), o.price},
                                      {QStringLiteral("median_price_per_hour"), optional(o.medianPrice)},
                                      {QStringLiteral("currency"), o.currency},
                                      {QStringLiteral("source"), o.source}});
        }
    }
    QJsonArray fx;
    for (const FxRate &r : snapshot.fxRates) {
        fx.append(QJsonObject{{QStringLiteral("currency"), r.currency},
                              {QStringLiteral("rate_per_usd"), r.ratePerUsd},
                              {QStringLiteral("date"), r.date},
                              {QStringLiteral("source"), r.source}});
    }
    QJsonObject content{{QStringLiteral("providers"), providers},
                        {QStringLiteral("offers"), offers},
                        {QStringLiteral("fx_rates"), fx}};
    QJsonObject root = content;
    root.insert(QStringLiteral("format"), kFormat);
    root.insert(QStringLiteral("version"), kSnapshotVersion);
    root.insert(QStringLiteral("created"), snapshot.created);
    root.insert(QStringLiteral("sha256"), QString::fromLatin1(checksum(content)));
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

Result<CatalogSnapshot> parseSnapshot(const QByteArray &json, const QString &source)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return Error{QStringLiteral("%1: malformed JSON at byte %2: %3")
                         .arg(source)
                         .arg(parseError.offset)
                         .arg(parseError.errorString())};
    if (!doc.isObject())
        return Error{QStringLiteral("%1: expected a JSON object").arg(source)};
    const QJsonObject root = doc.object();
    Reader r(source);
    if (r.string(root, QStringLiteral("$"), "format") != kFormat)
        return Error{r.failed() ? r.error() : QStringLiteral("%1: $.format is not '%2'").arg(source, kFormat)};
    const double version = r.number(root, QStringLiteral("$"), "version");
    if (r.failed())
        return Error{r.error()};
    if (version != kSnapshotVersion)
        return Error{QStringLiteral("%1: $.version is %2; this program reads version %3").arg(source).arg(version).arg(kSnapshotVersion)};
    const QJsonObject content{{QStringLiteral("providers"), root.value(QStringLiteral("providers"))},
                              {QStringLiteral("offers"), root.value(QStringLiteral("offers"))},
                              {QStringLiteral("fx_rates"), root.value(QStringLiteral("fx_rates"))}};
    const QString expected = r.string(root, QStringLiteral("$"), "sha256");
    if (r.failed())
        return Error{r.error()};
    if (QString::fromLatin1(checksum(content)) != expected)
        return Error{QStringLiteral("%1: checksum mismatch: the snapshot is damaged or was edited").arg(source)};

    CatalogSnapshot snapshot;
    snapshot.created = r.string(root, QStringLiteral("$"), "created", false);
    const QJsonArray providers = root.value(QStringLiteral("providers")).toArray();
    for (qsizetype i = 0; i < providers.size(); ++i) {
        const QString path = QStringLiteral("$.providers[%1]").arg(i);
        const QJsonObject p = providers.at(i).toObject();
        SnapshotProvider meta{r.string(p, path, "id"),           r.string(p, path, "name"),
                              r.string(p, path, "kind"),         r.string(p, path, "home_currency"),
                              r.string(p, path, "data_date"),    r.string(p, path, "data_note", false)};
        if (r.failed())
            return Error{r.error()};
        snapshot.providers.append(meta);
        ImportBatch &batch = snapshot.batches[meta.id];
        batch.effectiveDate = meta.dataDate;
        batch.fetchedAt = snapshot.created;
        batch.sourceNote = meta.dataNote;
    }
    const QJsonArray offers = root.value(QStringLiteral("offers")).toArray();
    for (qsizetype i = 0; i < offers.size(); ++i) {
        const QString path = QStringLiteral("$.offers[%1]").arg(i);
        const QJsonObject o = offers.at(i).toObject();
        ImportedOffer offer;
        offer.instance.provider = r.string(o, path, "provider");
        offer.instance.name = r.string(o, path, "instance_type");
        offer.instance.gpuId = r.string(o, path, "gpu");
        offer.instance.gpuCount = r.number(o, path, "gpu_count");
        offer.instance.vcpus = r.optionalNumber(o, path, "vcpus");
        offer.instance.memoryGib = r.optionalNumber(o, path, "memory_gib");
        offer.region = r.string(o, path, "region");
        const QString billing = r.string(o, path, "billing");
        const double termMonths = r.number(o, path, "term_months");
        if (r.failed())
            return Error{r.error()};
        // A huge or nan term would overflow the int conversion (undefined behaviour).
        if (!(termMonths >= 0 && termMonths <= 1200 && termMonths == std::floor(termMonths)))
            return Error{QStringLiteral("%1: %2.term_months is %3, expected a whole number of months")
                             .arg(source, path).arg(termMonths)};
        offer.termMonths = int(termMonths);
        offer.upfront = r.string(o, path, "upfront");
        offer.upfrontFee = r.optionalNumber(o, path, "upfront_fee");
        // Snapshots before format 3 of the schema lack these: the defaults are what those meant.
        offer.offeringClass = r.string(o, path, "offering_class", false);
        offer.recurringPerHour = r.optionalNumber(o, path, "recurring_per_hour");
        offer.minDurationHours = r.optionalNumber(o, path, "min_duration_hours");
        offer.maxDurationHours = r.optionalNumber(o, path, "max_duration_hours");
        const QString basis = r.string(o, path, "price_basis", false);
        offer.price = r.number(o, path, "price_per_hour");
        offer.medianPrice = r.optionalNumber(o, path, "median_price_per_hour");
        offer.currency = r.string(o, path, "currency");
        offer.source = r.string(o, path, "source", false);
        if (r.failed())
            return Error{r.error()};
        const auto b = billingFromId(billing);
        if (!b)
            return Error{QStringLiteral("%1: %2.billing is \"%3\", expected one of %4")
                             .arg(source, path, billing, billingIds().join(QStringLiteral(", ")))};
        offer.billing = *b;
        if (!basis.isEmpty()) {
            const auto pb = priceBasisFromId(basis);
            if (!pb)
                return Error{QStringLiteral("%1: %2.price_basis is \"%3\", expected recurring or effective")
                                 .arg(source, path, basis)};
            offer.priceBasis = *pb;
        }
        if (!offeringClassIds().contains(offer.offeringClass))
            return Error{QStringLiteral("%1: %2.offering_class is \"%3\", expected one of standard, convertible, "
                                        "compute, instance or empty")
                             .arg(source, path, offer.offeringClass)};
        if (!snapshot.batches.contains(offer.instance.provider))
            return Error{QStringLiteral("%1: %2.provider \"%3\" is not in $.providers").arg(source, path, offer.instance.provider)};
        snapshot.batches[offer.instance.provider].offers.append(offer);
    }
    const QJsonArray fx = root.value(QStringLiteral("fx_rates")).toArray();
    for (qsizetype i = 0; i < fx.size(); ++i) {
        const QString path = QStringLiteral("$.fx_rates[%1]").arg(i);
        const QJsonObject f = fx.at(i).toObject();
        snapshot.fxRates.append(FxRate{r.string(f, path, "currency"), r.number(f, path, "rate_per_usd"),
                                       r.string(f, path, "date"), r.string(f, path, "source", false)});
        if (r.failed())
            return Error{r.error()};
    }
    return snapshot;
}

} // namespace gpuplanner::core
