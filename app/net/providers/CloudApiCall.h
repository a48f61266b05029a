#pragma once
// CloudApiCall: one signed JSON call to a Chinese cloud's API, with what those APIs share:
// errors that come back in the body (Tencent answers HTTP 200 with Response.Error; Alibaba and
// Huawei a 4xx with a code), throttling reported there too and retried here with a fresh
// signature, and each provider error turned into a message that names the provider and says
// what to do. Requests are built (and signed) anew for every attempt.

#include "core/refresh/PriceSource.h"

#include <QJsonObject>

#include <chrono>
#include <functional>
#include <optional>

namespace gpuplanner::net {

struct CloudApiError
{
    QString code;
    QString message;
    int httpStatus = 0;
};

struct CloudApi
{
    QString provider;   // "Tencent Cloud"
    QString credentials; // where the keys come from, for the hints: "GPUPLANNER_TENCENT_SECRET_ID/…_KEY"
    // The provider's error in a decoded body, if it is one.
    std::function<std::optional<CloudApiError>(int status, const QJsonObject &body)> errorOf;
    std::function<bool(const CloudApiError &)> isThrottling;
    int maxThrottleRetries = 4;
    std::chrono::milliseconds firstBackoff{500};
};

enum class CloudErrorKind { Signature, UnknownKey, Clock, Expired, Permission, Throttling, NotSoldHere, Other };

// The kind of a provider's error code (the codes the three clouds document for each case).
CloudErrorKind classifyCloudError(const CloudApiError &error);
// "Tencent Cloud DescribeRegions: AuthFailure.SignatureFailure: <message> — the secret key does not match ..."
core::Error cloudApiError(const CloudApi &api, const QString &action, const CloudApiError &error);

// Sends build() (a fresh, signed request each attempt), retries throttling with backoff, and
// returns the decoded JSON body or the provider's error as a clear message.
core::Result<QJsonObject> callCloudApi(const CloudApi &api, const core::RefreshContext &context, const QString &action,
                                       const std::function<core::HttpRequest()> &build,
                                       std::optional<CloudApiError> *providerError = nullptr);

} // namespace gpuplanner::net
