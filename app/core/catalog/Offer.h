#pragma once
// Offer: an instance type in a region under one billing model, flattened with the
// instance type's hardware so views and exports need no further lookups.

#include "core/catalog/Billing.h"

#include <QString>
#include <QStringList>

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
    QString regionNameZh; // the cloud's own Chinese name, when known
    QString geography;
    QString gpu; // canonical GPU model id
    double gpuCount = 0;          // may be fractional for vGPU slices
    double gpuMemoryGib = 0;      // total over the instance's GPUs, from the spec table
    std::optional<double> listedGpuMemoryGib; // per GPU as the price source lists it
    std::optional<double> vcpus;
    std::optional<double> memoryGib;
    QString interconnect;
    std::optional<double> networkGbps;
    RdmaKind rdma = RdmaKind::None;
    Billing billing = Billing::OnDemand;
    int termMonths = 0;
    QString upfront; // none, partial, all
    QString offeringClass; // standard, convertible, compute, instance; "" = not stated
    double pricePerHour = 0;      // in currency; for marketplaces and zones, the lowest
    PriceBasis priceBasis = PriceBasis::Recurring; // commitments: effective rate or recurring part
    std::optional<double> medianPricePerHour;
    std::optional<double> upfrontFee;       // per instance for the term; nullopt = not known
    std::optional<double> recurringPerHour; // commitments: the hourly part, when known
    std::optional<double> minDurationHours; // capacity blocks: the shortest and longest booking
    std::optional<double> maxDurationHours;
    QString currency;
    double pricePerHourUsd = 0;   // converted with the catalog's latest FX rate
    QString source;
    QString effectiveDate; // the date its provider set for the price (or its source's date)
    QString observedOn;    // the date its source was read: the price's age counts from it
    QString sourceFile;    // the embedded catalog's source file; empty for a refreshed price
    QString unavailableSince; // the date a source stopped listing it; empty = offered now

    // Price checks that flagged this offer ("rule: reason" each); empty = none did.
    QStringList suspectReasons;

    // Spot: how often the provider reclaims it, as the provider publishes it (AWS Spot Advisor
    // bucket); empty bucket = no published figure, the planner's default applies.
    QString interruptionBucket;
    std::optional<double> interruptionRateMonthly;
    QString interruptionSource;

    double pricePerGpuHour() const { return gpuCount > 0 ? pricePerHour / gpuCount : 0; }
    // A slice of one GPU (vGPU, a fractional shape): less than one whole device.
    bool fractionalGpu() const { return gpuCount > 0 && gpuCount < 1.0; }
    bool suspect() const { return !suspectReasons.isEmpty(); }
    // Commitments: hours in the term (AWS's 730 per month, 8760 per year).
    double termHours() const { return termMonths * 730.0; }
    // The rate per hour of the term with any upfront fee spread over it.
    double effectiveHourly() const
    {
        if (priceBasis == PriceBasis::Effective || termMonths <= 0)
            return pricePerHour;
        return pricePerHour + upfrontFee.value_or(0) / termHours();
    }
    // The date a price's age counts from: when it was observed, else its effective date.
    QString ageDate() const { return observedOn.isEmpty() ? effectiveDate : observedOn; }
    // The provider as people call it ("Microsoft Azure"); its id where the catalog has no name.
    QString providerLabel() const { return providerName.isEmpty() ? provider : providerName; }
};

} // namespace gpuplanner::core
