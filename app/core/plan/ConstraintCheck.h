#pragma once
// ConstraintCheck: a scenario's constraints against what the catalog holds. A provider,
// region, geography or GPU model that matches nothing is a scenario error naming the value
// and the closest known ones, not an empty plan.

#include "core/catalog/GpuAliasResolver.h"
#include "core/catalog/Offer.h"
#include "core/common/Result.h"
#include "core/plan/PlanTypes.h"

#include <QList>
#include <QStringList>

namespace gpuplanner::core {

// GPU names as people type them in constraints.gpus ("A100", "H100-80GB", "NVIDIA H100") become
// the catalog ids the alias table gives (as `offers --gpu` reads them), a family name every id
// of the family (GpuAliasResolver::family); a name it cannot resolve is left as typed, for
// checkConstraints to name with the closest ids.
void resolveGpuNames(Constraints &constraints, const GpuAliasResolver &resolver);

// Fails with "constraints.providers[0]: \"awz\" is not a provider in the catalog (closest: aws, azure)".
Status checkConstraints(const Constraints &constraints, const QList<Offer> &offers);

// A scenario's commitment terms: each names a provider in the catalog, matches one of its
// on-demand offers, and uses an upfront option the provider's own commitment offers carry.
Status checkCommitmentTerms(const QList<CommitmentTerm> &terms, const QList<Offer> &offers);

// Up to max known values closest to value: those containing it (any case) first, then by
// edit distance.
QStringList closestValues(const QString &value, const QStringList &known, int max = 3);

} // namespace gpuplanner::core
