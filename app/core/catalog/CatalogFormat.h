#pragma once
// CatalogFormat: offers and GPU models as text tables, CSV and JSON with stable
// snake_case field names (documented in README.md; scripts depend on them).

#include "core/catalog/CatalogInfo.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/Offer.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace gpuplanner::core {

enum class OutputFormat { Table, Csv, Json };
std::optional<OutputFormat> outputFormatFromId(const QString &id);

QStringList offerFieldNames();
QJsonObject offerToJson(const Offer &offer);
QString formatOffers(const QList<Offer> &offers, OutputFormat format);

QStringList gpuFieldNames();
QJsonObject gpuToJson(const GpuModel &gpu);
QString formatGpus(const QList<GpuModel> &gpus, OutputFormat format);

QString formatCatalogInfo(const CatalogInfo &info, OutputFormat format);

// "12.5", "0.125", "8": shortest text that round-trips a GPU count or a spec.
QString formatNumber(double value, int maxDecimals = 4);

} // namespace gpuplanner::core
