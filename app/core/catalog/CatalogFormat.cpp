#include "core/catalog/CatalogFormat.h"

#include "core/io/CsvReader.h"
#include "core/io/TextTable.h"

#include <QJsonArray>
#include <QJsonDocument>

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

QStringList offerCells(const Offer &o)
{
    return {o.provider,
            o.instanceType,
            o.region,
            o.gpu,
            formatNumber(o.gpuCount),
            formatNumber(o.gpuMemoryGib, 1),
            optionalText(o.vcpus),
            optionalText(o.memoryGib),
            billingId(o.billing),
            QString::number(o.termMonths),
            QString::number(o.pricePerHour, 'g', 10),
            QString::number(o.pricePerGpuHour(), 'g', 10),
            o.currency,
            o.source,
            o.effectiveDate};
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
    return {QStringLiteral("provider"),      QStringLiteral("instance_type"),
            QStringLiteral("region"),        QStringLiteral("gpu"),
            QStringLiteral("gpu_count"),     QStringLiteral("gpu_memory_gib"),
            QStringLiteral("vcpus"),         QStringLiteral("memory_gib"),
            QStringLiteral("billing"),       QStringLiteral("term_months"),
            QStringLiteral("price_per_hour"), QStringLiteral("price_per_gpu_hour"),
            QStringLiteral("currency"),      QStringLiteral("source"),
            QStringLiteral("effective_date")};
}

QJsonObject offerToJson(const Offer &o)
{
    QJsonObject obj;
    obj.insert(QStringLiteral("provider"), o.provider);
    obj.insert(QStringLiteral("instance_type"), o.instanceType);
    obj.insert(QStringLiteral("region"), o.region);
    obj.insert(QStringLiteral("gpu"), o.gpu);
    obj.insert(QStringLiteral("gpu_count"), o.gpuCount);
    obj.insert(QStringLiteral("gpu_memory_gib"), o.gpuMemoryGib);
    obj.insert(QStringLiteral("vcpus"), optionalJson(o.vcpus));
    obj.insert(QStringLiteral("memory_gib"), optionalJson(o.memoryGib));
    obj.insert(QStringLiteral("billing"), billingId(o.billing));
    obj.insert(QStringLiteral("term_months"), o.termMonths);
    obj.insert(QStringLiteral("price_per_hour"), o.pricePerHour);
    obj.insert(QStringLiteral("price_per_gpu_hour"), o.pricePerGpuHour());
    obj.insert(QStringLiteral("currency"), o.currency);
    obj.insert(QStringLiteral("source"), o.source);
    obj.insert(QStringLiteral("effective_date"), o.effectiveDate);
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
        for (const Offer &o : offers)
            out += csvLine(offerCells(o));
        return out;
    }
    case OutputFormat::Table: {
        TextTable table({QStringLiteral("PROVIDER"), QStringLiteral("INSTANCE"), QStringLiteral("REGION"),
                         QStringLiteral("GPU"), QStringLiteral("GPUS"), QStringLiteral("GPU MEM"),
                         QStringLiteral("BILLING"), QStringLiteral("PRICE/H"), QStringLiteral("PRICE/GPU-H"),
                         QStringLiteral("CUR")},
                        {false, false, false, false, true, true, false, true, true, false});
        for (const Offer &o : offers) {
            table.addRow({o.provider, o.instanceType, o.region, o.gpu, formatNumber(o.gpuCount),
                          formatNumber(o.gpuMemoryGib, 1) + QStringLiteral(" GiB"), billingId(o.billing),
                          money(o.pricePerHour), money(o.pricePerGpuHour()), o.currency});
        }
        return table.render() + QStringLiteral("%1 offers\n").arg(offers.size());
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
                         QStringLiteral("MEM GiB"), QStringLiteral("BW GB/s"), QStringLiteral("BF16 TFLOPS"),
                         QStringLiteral("FP8 TFLOPS"), QStringLiteral("TDP W"), QStringLiteral("ARCHITECTURE")},
                        {false, false, false, true, true, true, true, true, false});
        for (const GpuModel &g : gpus) {
            const auto bf16 = g.bf16Tflops ? g.bf16Tflops : g.fp16Tflops;
            table.addRow({g.id, g.vendor, g.kind, optionalText(g.memoryGib), optionalText(g.memoryBandwidthGbs),
                          optionalText(bf16), optionalText(g.fp8Tflops), optionalText(g.tdpW), g.architecture});
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
