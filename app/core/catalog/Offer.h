#pragma once
// Offer: an instance type in a region under one billing model, flattened with the
// instance type's hardware so views and exports need no further lookups.

#include "core/catalog/Billing.h"

#include <QString>

#include <optional>

namespace gpuplanner::core {

struct Offer
{
    qint64 id = 0;
    QString provider;
    QString providerName;
    QString instanceType;
    QString region;
    QString regionName;
    QString geography;
    QString gpu; // canonical GPU model id
    double gpuCount = 0;          // may be fractional for vGPU slices
    double gpuMemoryGib = 0;      // total over the instance's GPUs
    std::optional<double> vcpus;
    std::optional<double> memoryGib;
    QString interconnect;
    std::optional<double> networkGbps;
    RdmaKind rdma = RdmaKind::None;
    Billing billing = Billing::OnDemand;
    int termMonths = 0;
    QString upfront; // none, partial, all
    double pricePerHour = 0;      // in currency; for marketplaces and zones, the lowest
    std::optional<double> medianPricePerHour;
    double upfrontFee = 0;
    QString currency;
    double pricePerHourUsd = 0;   // converted with the catalog's latest FX rate
    QString source;
    QString effectiveDate;

    double pricePerGpuHour() const { return gpuCount > 0 ? pricePerHour / gpuCount : 0; }
    // The provider as people call it ("Microsoft Azure"); its id where the catalog has no name.
    QString providerLabel() const { return providerName.isEmpty() ? provider : providerName; }
};

} // namespace gpuplanner::core
