#include "net/providers/CloudApiCall.h"

#include "core/common/Redact.h"
#include "net/providers/ProviderCommon.h"

#include <thread>

namespace gpuplanner::net {

CloudErrorKind classifyCloudError(const CloudApiError &error)
{
    // Huawei's gateway answers APIGW.xxxx for cloud services and APIG.xxxx for its API Gateway product.
    QString c = error.code;
    if (c.startsWith(u"APIGW."))
        c = QStringLiteral("APIG.") + c.mid(6);
    // Huawei: "calc ak sk signature fail:signature expired" is an expired AK/SK (or a clock far
    // off); APIG.0307 "The token must be updated." an expired token (Huawei's API Gateway FAQ).
    if ((c == u"APIG.0301" && error.message.contains(u"expired", Qt::CaseInsensitive)) || c == u"APIG.0307")
        return CloudErrorKind::Expired;
    if (c == u"AuthFailure.SignatureFailure" || c == u"SignatureDoesNotMatch" || c == u"IncompleteSignature"
        || (c == u"APIG.0301" && error.message.contains(u"signature", Qt::CaseInsensitive)))
        return CloudErrorKind::Signature;
    if (c == u"AuthFailure.SignatureExpire" || c.startsWith(u"InvalidTimeStamp") || c == u"APIG.0303"
        || (c == u"APIG.0301" && error.message.contains(u"date", Qt::CaseInsensitive)))
        return CloudErrorKind::Clock;
    if (c == u"AuthFailure.SecretIdNotFound" || c == u"AuthFailure.InvalidSecretId" || c.startsWith(u"InvalidAccessKeyId") || c == u"APIG.0301")
        return CloudErrorKind::UnknownKey;
    if (c == u"UnauthorizedOperation" || c.startsWith(u"AuthFailure.Unauthorized") || c == u"Forbidden.RAM"
        || c.startsWith(u"NoPermission") || c == u"CBC.0151" || c == u"APIG.0302" || c == u"IAM.0003")
        return CloudErrorKind::Permission;
    if (c == u"RequestLimitExceeded" || c.startsWith(u"Throttling") || c == u"APIG.0308" || c == u"CBC.0099")
        return CloudErrorKind::Throttling;
    if (c.startsWith(u"InvalidInstanceType") || c.startsWith(u"InvalidParameterValue.InstanceTypeNotSupported")
        || c == u"InvalidResourceType.NotSupported" || c == u"CBC.5002")
        return CloudErrorKind::NotSoldHere;
    return CloudErrorKind::Other;
}

core::Error cloudApiError(const CloudApi &api, const QString &action, const CloudApiError &error)
{
    QString hint;
    switch (classifyCloudError(error)) {
    case CloudErrorKind::Signature:
        hint = QStringLiteral("the secret does not match the key id: check %1").arg(api.credentials);
        break;
    case CloudErrorKind::UnknownKey:
        hint = QStringLiteral("the key id is not known to %1 (deleted, disabled, or from the other site): check %2")
                   .arg(api.provider, api.credentials);
        break;
    case CloudErrorKind::Clock:
        hint = QStringLiteral("the request's time was refused: check this computer's clock (UTC)");
        break;
    case CloudErrorKind::Expired:
        hint = QStringLiteral("the key has expired (or this computer's clock is far off): renew it in %1 and check %2")
                   .arg(api.provider, api.credentials);
        break;
    case CloudErrorKind::Permission:
        hint = QStringLiteral("the key may not read prices: grant it the price-inquiry permission");
        break;
    case CloudErrorKind::Throttling:
        hint = QStringLiteral("over the rate limit after several tries; refresh again in a few minutes");
        break;
    case CloudErrorKind::NotSoldHere:
        hint = QStringLiteral("not sold there");
        break;
    case CloudErrorKind::Other:
        break;
    }
    QString text = QStringLiteral("%1 %2: %3").arg(api.provider, action, error.code);
    if (error.httpStatus >= 300)
        text += QStringLiteral(" (HTTP %1)").arg(error.httpStatus);
    if (!error.message.isEmpty())
        text += QStringLiteral(": ") + core::quoteValue(core::scrubSecrets(error.message), 200);
    if (!hint.isEmpty())
        text += QStringLiteral(" — ") + hint;
    return core::Error{text};
}

core::Result<QJsonObject> callCloudApi(const CloudApi &api, const core::RefreshContext &context, const QString &action,
                                       const std::function<core::HttpRequest()> &build,
                                       std::optional<CloudApiError> *providerError)
{
    if (!context.http)
        return core::Error{QStringLiteral("%1: no HTTP client configured").arg(api.provider)};
    std::chrono::milliseconds wait = api.firstBackoff;
    for (int attempt = 0;; ++attempt) {
        if (isCancelled(context))
            return cancelledError(api.provider + u' ' + action);
        core::HttpRequest request = build();
        request.conditional = false; // signed, and POST bodies differ under one URL
        request.returnErrorResponses = true;
        const QString label = QStringLiteral("%1 %2 (%3)").arg(api.provider, action, core::redactUrl(request.url));
        auto response = context.http->send(request, {}, context.cancel);
        if (!response)
            return response.error();
        QJsonObject body;
        if (!response->body.trimmed().isEmpty()) {
            auto parsed = parseJsonObject(response->body, label);
            if (!parsed) {
                if (response->status >= 300)
                    return core::Error{QStringLiteral("%1: HTTP %2").arg(label).arg(response->status)};
                return parsed.error();
            }
            body = parsed.value();
        }
        std::optional<CloudApiError> error = api.errorOf(response->status, body);
        if (!error && response->status >= 300)
            error = CloudApiError{QStringLiteral("HTTP"), QString(), response->status};
        if (!error)
            return body;
        if (error->httpStatus == 0)
            error->httpStatus = response->status;
        if (providerError)
            *providerError = error;
        if (api.isThrottling(*error) && attempt < api.maxThrottleRetries) {
            reportProgress(context, QStringLiteral("%1: rate limited, waiting %2 ms").arg(api.provider).arg(wait.count()), 0, 0);
            std::this_thread::sleep_for(wait);
            wait *= 2;
            continue;
        }
        return cloudApiError(api, action, *error);
    }
}

} // namespace gpuplanner::net
