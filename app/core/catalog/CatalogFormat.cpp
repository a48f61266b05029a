#include "core/catalog/CatalogFormat.h"

#include "core/io/CsvReader.h"
#include "core/io/TextTable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QPair>

namespace gpuplanner::core {

namespace {

QJsonValue optionalJson(const std::optional<double> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QString optionalText(const std::optional<double> &value)
{
    return value ? formatNumber(*value) : QString();
}

QString money(double value)
{
    return QString::number(value, 'f', value < 10 ? 4 : 2);
}

QString toJsonText(const QJsonArray &array)
{
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Indented));
}

QString csvLine(const QStringList &cells)
{
    QStringList escaped;
    escaped.reserve(cells.size());
    for (const QString &c : cells)
        escaped.append(csvEscape(c));
    return escaped.join(u',') + u'\n';
}

// Every exported field of an offer, in order: JSON and CSV come from this one list. Unknown
// values are null in JSON and empty in CSV.
QList<QPair<QString, QJsonValue>> offerFields(const Offer &o)
{
    const bool committed = isCommitment(o.billing);
    const bool spot = o.billing == Billing::Spot;
    return {{QStringLiteral("provider"), o.provider},
            {QStringLiteral("instance_type"), o.instanceType},
            {QStringLiteral("region"), o.region},
            {QStringLiteral("gpu"), o.gpu},
            {QStringLiteral("gpu_count"), o.gpuCount},
            {QStringLiteral("gpu_memory_gib"), o.gpuMemoryGib},
            {QStringLiteral("vcpus"), optionalJson(o.vcpus)},
            {QStringLiteral("memory_gib"), optionalJson(o.memoryGib)},
            {QStringLiteral("billing"), billingId(o.billing)},
            {QStringLiteral("term_months"), o.termMonths},
            {QStringLiteral("upfront"), committed ? QJsonValue(o.upfront) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("offering_class"),
             committed && !o.offeringClass.isEmpty() ? QJsonValue(o.offeringClass) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("price_per_hour"), o.pricePerHour},
            {QStringLiteral("price_basis"), committed ? QJsonValue(priceBasisId(o.priceBasis)) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("effective_price_per_hour"), o.effectiveHourly()},
            {QStringLiteral("price_per_gpu_hour"), o.pricePerGpuHour()},
            {QStringLiteral("upfront_fee"), optionalJson(o.upfrontFee)},
            {QStringLiteral("recurring_per_hour"),
             committed ? optionalJson(o.recurringPerHour) : QJsonValue(o.pricePerHour)},
            {QStringLiteral("min_duration_hours"), optionalJson(o.minDurationHours)},
            {QStringLiteral("max_duration_hours"), optionalJson(o.maxDurationHours)},
            {QStringLiteral("currency"), o.currency},
            {QStringLiteral("source"), o.source},
            {QStringLiteral("effective_date"), o.effectiveDate},
            {QStringLiteral("observed_on"), o.observedOn},
            {QStringLiteral("source_file"), o.sourceFile.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(o.sourceFile)},
            {QStringLiteral("suspect"), o.suspect()},
            {QStringLiteral("suspect_reason"),
             o.suspect() ? QJsonValue(o.suspectReasons.join(QStringLiteral("; "))) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("interruption_bucket"),
             spot && !o.interruptionBucket.isEmpty() ? QJsonValue(o.interruptionBucket) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("interruption_rate_monthly"),
             spot ? optionalJson(o.interruptionRateMonthly) : QJsonValue(QJsonValue::Null)},
            {QStringLiteral("interruption_source"),
             spot ? QJsonValue(o.interruptionSource.isEmpty() ? QStringLiteral("default") : o.interruptionSource)
                  : QJsonValue(QJsonValue::Null)}};
}

QString cellText(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: return {};
    case QJsonValue::Bool: return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QString::number(v.toDouble(), 'g', 10);
    default: return v.toString();
    }
}

// "36m standard, none upfront" for a commitment, "" for on-demand and spot.
QString termText(const Offer &o)
{
    if (o.billing == Billing::CapacityBlock)
        return QStringLiteral("%1-%2 d").arg(formatNumber(o.minDurationHours.value_or(0) / 24.0),
                                             formatNumber(o.maxDurationHours.value_or(0) / 24.0));
    if (!isCommitment(o.billing))
        return {};
    QString text = QStringLiteral("%1m").arg(o.termMonths);
    if (!o.offeringClass.isEmpty())
        text += u' ' + o.offeringClass;
    return text + QStringLiteral(", %1 upfront").arg(o.upfront);
}

} // namespace

std::optional<OutputFormat> outputFormatFromId(const QString &id)
{
    if (id == u"table")
        return OutputFormat::Table;
    if (id == u"csv")
        return OutputFormat::Csv;
    if (id == u"json")
        return OutputFormat::Json;
    return std::nullopt;
}

QString formatNumber(double value, int maxDecimals)
{
    QString text = QString::number(value, 'f', maxDecimals);
    if (text.contains(u'.')) {
        while (text.endsWith(u'0'))
            text.chop(1);
        if (text.endsWith(u'.'))
            text.chop(1);
    }
    return text;
}

QStringList offerFieldNames()
{
    QStringList names;
    for (const auto &field : offerFields(Offer{}))
        names.append(field.first);
    return names;
}

QJsonObject offerToJson(const Offer &o)
{
    QJsonObject obj;
    for (const auto &field : offerFields(o))
        obj.insert(field.first, field.second);
    return obj;
}

QString formatOffers(const QList<Offer> &offers, OutputFormat format)
{
    switch (format) {
    case OutputFormat::Json: {
        QJsonArray array;
        for (const Offer &o : offers)
            array.append(offerToJson(o));
        return toJsonText(array);
    }
    case OutputFormat::Csv: {
        QString out = csvLine(offerFieldNames());
        for (const Offer &o : offers) {
            QStringList cells;
            for (const auto &field : offerFields(o))
                cells.append(cellText(field.second));
            out += csvLine(cells);
        }
        return out;
    }
    case OutputFormat::Table: {
        TextTable table({QStringLiteral("PROVIDER"), QStringLiteral("INSTANCE"), QStringLiteral("REGION"),
                         QStringLiteral("GPU"), QStringLiteral("GPUS"), QStringLiteral("GPU MEM"),
                         QStringLiteral("BILLING"), QStringLiteral("TERM"), QStringLiteral("PRICE/H"),
                         QStringLiteral("PRICE/GPU-H"), QStringLiteral("UPFRONT"), QStringLiteral("CUR"),
                         QStringLiteral("!")},
                        {false, false, false, false, true, true, false, false, true, true, true, false, false});
        int suspect = 0;
        for (const Offer &o : offers) {
            suspect += o.suspect() ? 1 : 0;
            const QString upfront = !isCommitment(o.billing) ? QString()
                : (o.upfrontFee ? money(*o.upfrontFee) : QStringLiteral("unknown"));
            table.addRow({o.provider, o.instanceType, o.region, o.gpu, formatNumber(o.gpuCount),
                          formatNumber(o.gpuMemoryGib, 1) + QStringLiteral(" GiB"), billingId(o.billing), termText(o),
                          money(o.pricePerHour), money(o.pricePerGpuHour()), upfront, o.currency,
                          o.suspect() ? QStringLiteral("!") : QString()});
        }
        QString out = table.render() + QStringLiteral("%1 offers\n").arg(offers.size());
        if (suspect > 0)
            out += QStringLiteral("! %1 suspect price(s): `gpu-planner-cli catalog check` says why.\n").arg(suspect);
        return out;
    }
    }
    return {};
}

QStringList gpuFieldNames()
{
    return {QStringLiteral("id"),           QStringLiteral("vendor"),
            QStringLiteral("kind"),         QStringLiteral("architecture"),
            QStringLiteral("form_factor"),  QStringLiteral("memory_gib"),
            QStringLiteral("memory_bandwidth_gbs"), QStringLiteral("fp32_tflops"),
            QStringLiteral("tf32_tflops"),  QStringLiteral("fp16_tflops"),
            QStringLiteral("bf16_tflops"),  QStringLiteral("fp8_tflops"),
            QStringLiteral("int8_tops"),    QStringLiteral("interconnect"),
            QStringLiteral("nvlink_gbs"),   QStringLiteral("tdp_w"),
            QStringLiteral("release_year"), QStringLiteral("source")};
}

QJsonObject gpuToJson(const GpuModel &g)
{
    QJsonObject obj;
    obj.insert(QStringLiteral("id"), g.id);
    obj.insert(QStringLiteral("vendor"), g.vendor);
    obj.insert(QStringLiteral("kind"), g.kind);
    obj.insert(QStringLiteral("architecture"), g.architecture);
    obj.insert(QStringLiteral("form_factor"), g.formFactor);
    obj.insert(QStringLiteral("memory_gib"), optionalJson(g.memoryGib));
    obj.insert(QStringLiteral("memory_bandwidth_gbs"), optionalJson(g.memoryBandwidthGbs));
    obj.insert(QStringLiteral("fp32_tflops"), optionalJson(g.fp32Tflops));
    obj.insert(QStringLiteral("tf32_tflops"), optionalJson(g.tf32Tflops));
    obj.insert(QStringLiteral("fp16_tflops"), optionalJson(g.fp16Tflops));
    obj.insert(QStringLiteral("bf16_tflops"), optionalJson(g.bf16Tflops));
    obj.insert(QStringLiteral("fp8_tflops"), optionalJson(g.fp8Tflops));
    obj.insert(QStringLiteral("int8_tops"), optionalJson(g.int8Tops));
    obj.insert(QStringLiteral("interconnect"), g.interconnect);
    obj.insert(QStringLiteral("nvlink_gbs"), optionalJson(g.nvlinkGbs));
    obj.insert(QStringLiteral("tdp_w"), optionalJson(g.tdpW));
    obj.insert(QStringLiteral("release_year"),
               g.releaseYear ? QJsonValue(*g.releaseYear) : QJsonValue(QJsonValue::Null));
    obj.insert(QStringLiteral("source"), g.source.isEmpty() ? g.note : g.source);
    return obj;
}

QString formatGpus(const QList<GpuModel> &gpus, OutputFormat format)
{
    switch (format) {
    case OutputFormat::Json: {
        QJsonArray array;
        for (const GpuModel &g : gpus)
            array.append(gpuToJson(g));
        return toJsonText(array);
    }
    case OutputFormat::Csv: {
        QString out = csvLine(gpuFieldNames());
        for (const GpuModel &g : gpus) {
            out += csvLine({g.id, g.vendor, g.kind, g.architecture, g.formFactor, optionalText(g.memoryGib),
                            optionalText(g.memoryBandwidthGbs), optionalText(g.fp32Tflops),
                            optionalText(g.tf32Tflops), optionalText(g.fp16Tflops), optionalText(g.bf16Tflops),
                            optionalText(g.fp8Tflops), optionalText(g.int8Tops), g.interconnect,
                            optionalText(g.nvlinkGbs), optionalText(g.tdpW),
                            g.releaseYear ? QString::number(*g.releaseYear) : QString(),
                            g.source.isEmpty() ? g.note : g.source});
        }
        return out;
    }
    case OutputFormat::Table: {
        TextTable table({QStringLiteral("GPU"), QStringLiteral("VENDOR"), QStringLiteral("KIND"),
                         QStringLiteral("MEM GiB"), QStringLiteral("BW GB/s"), QStringLiteral("16-BIT TFLOPS"),
                         QStringLiteral("FP8 TFLOPS"), QStringLiteral("TDP W"), QStringLiteral("ARCHITECTURE")},
                        {false, false, false, true, true, true, true, true, false});
        for (const GpuModel &g : gpus) {
            // One 16-bit column, each figure named by its format: parts without BF16 (T4, V100, P100)
            // publish an FP16 rate, which must not read as BF16.
            QString half;
            if (g.bf16Tflops)
                half = optionalText(g.bf16Tflops) + QStringLiteral(" BF16");
            else if (g.fp16Tflops)
                half = optionalText(g.fp16Tflops) + QStringLiteral(" FP16");
            table.addRow({g.id, g.vendor, g.kind, optionalText(g.memoryGib), optionalText(g.memoryBandwidthGbs),
                          half, optionalText(g.fp8Tflops), optionalText(g.tdpW), g.architecture});
        }
        return table.render() + QStringLiteral("%1 GPU models\n").arg(gpus.size());
    }
    }
    return {};
}

QString formatCatalogInfo(const CatalogInfo &info, OutputFormat format)
{
    if (format == OutputFormat::Json) {
        QJsonObject root;
        root.insert(QStringLiteral("path"), info.path);
        root.insert(QStringLiteral("schema_version"), info.schemaVersion);
        root.insert(QStringLiteral("seed_source"), info.seedSource);
        root.insert(QStringLiteral("gpu_models"), info.gpuModels);
        root.insert(QStringLiteral("instance_types"), info.instanceTypes);
        root.insert(QStringLiteral("offers"), info.offers);
        QJsonArray providers;
        for (const ProviderInfo &p : info.providers) {
            QJsonObject po;
            po.insert(QStringLiteral("provider"), p.id);
            po.insert(QStringLiteral("name"), p.name);
            po.insert(QStringLiteral("kind"), p.kind);
            po.insert(QStringLiteral("currency"), p.homeCurrency);
            po.insert(QStringLiteral("data_date"), p.dataDate);
            po.insert(QStringLiteral("source"), p.dataNote);
            QJsonObject counts;
            for (auto it = p.offersByBilling.cbegin(); it != p.offersByBilling.cend(); ++it)
                counts.insert(it.key(), it.value());
            po.insert(QStringLiteral("offers"), counts);
            providers.append(po);
        }
        root.insert(QStringLiteral("providers"), providers);
        QJsonArray exclusions;
        for (const ExclusionSummary &e : info.exclusions) {
            exclusions.append(QJsonObject{{QStringLiteral("provider"), e.provider},
                                          {QStringLiteral("reason"), e.reason},
                                          {QStringLiteral("rows"), e.rows}});
        }
        root.insert(QStringLiteral("left_out"), exclusions);
        QJsonArray sources;
        for (const SourceInfo &s : info.sources) {
            sources.append(QJsonObject{{QStringLiteral("provider"), s.provider},
                                       {QStringLiteral("file"), s.file.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(s.file)},
                                       {QStringLiteral("observed_on"), s.observedOn},
                                       {QStringLiteral("offers"), s.offers}});
        }
        root.insert(QStringLiteral("sources"), sources);
        root.insert(QStringLiteral("ages_as_of"), info.asOf);
        QJsonArray ages;
        for (const AgeBands &a : ageBands(info)) {
            ages.append(QJsonObject{{QStringLiteral("provider"), a.provider},
                                    {QStringLiteral("under_3_months"), a.underThreeMonths},
                                    {QStringLiteral("3_to_6_months"), a.threeToSixMonths},
                                    {QStringLiteral("6_to_12_months"), a.sixToTwelveMonths},
                                    {QStringLiteral("over_12_months"), a.overTwelveMonths},
                                    {QStringLiteral("undated"), a.undated},
                                    {QStringLiteral("newest"), a.newest},
                                    {QStringLiteral("oldest"), a.oldest}});
        }
        root.insert(QStringLiteral("ages"), ages);
        return QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    }

    QString out;
    out += QStringLiteral("Catalog:        %1\n").arg(info.path);
    out += QStringLiteral("Schema version: %1\n").arg(info.schemaVersion);
    out += QStringLiteral("Seed:           %1\n").arg(info.seedSource);
    out += QStringLiteral("GPU models: %1, instance types: %2, offers: %3\n\n")
               .arg(info.gpuModels)
               .arg(info.instanceTypes)
               .arg(info.offers);
    QStringList header = {QStringLiteral("PROVIDER"), QStringLiteral("CURRENCY"), QStringLiteral("DATA DATE")};
    for (const QString &b : billingIds())
        header.append(b.toUpper());
    header.append(QStringLiteral("SOURCE"));
    TextTable table(header, {false, false, false, true, true, true, true, false});
    for (const ProviderInfo &p : info.providers) {
        QStringList row = {p.id, p.homeCurrency, p.dataDate};
        for (const QString &b : billingIds())
            row.append(QString::number(p.offersByBilling.value(b)));
        row.append(p.dataNote);
        table.addRow(row);
    }
    out += table.render();
    if (!info.sources.isEmpty()) {
        out += QStringLiteral("\nSources (each offer keeps its own; a price's age counts from the day its source was read):\n");
        TextTable src({QStringLiteral("PROVIDER"), QStringLiteral("OBSERVED"), QStringLiteral("OFFERS"), QStringLiteral("FILE")},
                      {false, false, true, false});
        for (const SourceInfo &s : info.sources)
            src.addRow({s.provider, s.observedOn, QString::number(s.offers),
                        s.file.isEmpty() ? QStringLiteral("(refreshed from the provider's prices)") : s.file});
        out += src.render();
        out += QStringLiteral("\nOffers by the age of their price on %1:\n").arg(info.asOf);
        TextTable age({QStringLiteral("PROVIDER"), QStringLiteral("UNDER 3 MONTHS"), QStringLiteral("3-6 MONTHS"),
                       QStringLiteral("6-12 MONTHS"), QStringLiteral("OVER 12 MONTHS"), QStringLiteral("NEWEST"),
                       QStringLiteral("OLDEST")},
                      {false, true, true, true, true, false, false});
        AgeBands all(QStringLiteral("all"));
        for (const AgeBands &a : ageBands(info)) {
            age.addRow({a.provider, QString::number(a.underThreeMonths), QString::number(a.threeToSixMonths),
                        QString::number(a.sixToTwelveMonths), QString::number(a.overTwelveMonths), a.newest, a.oldest});
            all.underThreeMonths += a.underThreeMonths;
            all.threeToSixMonths += a.threeToSixMonths;
            all.sixToTwelveMonths += a.sixToTwelveMonths;
            all.overTwelveMonths += a.overTwelveMonths;
        }
        age.addRow({all.provider, QString::number(all.underThreeMonths), QString::number(all.threeToSixMonths),
                    QString::number(all.sixToTwelveMonths), QString::number(all.overTwelveMonths), QString(), QString()});
        out += age.render();
    }
    if (!info.exclusions.isEmpty()) {
        out += QStringLiteral("\nRows left out of the seed, with reasons:\n");
        TextTable ex({QStringLiteral("PROVIDER"), QStringLiteral("ROWS"), QStringLiteral("REASON")},
                     {false, true, false});
        for (const ExclusionSummary &e : info.exclusions)
            ex.addRow({e.provider, QString::number(e.rows), e.reason});
        out += ex.render();
    }
    return out;
}

} // namespace gpuplanner::core
