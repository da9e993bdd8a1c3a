// Generated from specs/widget-http.openapi.yaml by `npm run generate` (scripts/generate.ts). Do not edit.

export interface paths {
    "/conversation/check-availability-v2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask whether live chat can be offered now.
         * @description Called at once and then every 15 s until it answers success, chat-lite, error or maxAttempts.
         */
        post: operations["checkAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cua-api/drive/country-data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Provinces and their cities, for the China-region form. */
        get: operations["getCountryData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cua-api/forms/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask for a callback (chat-lite). */
        post: operations["submitCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cua-api/forms/lead": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the chat customer as a lead, once, when a chat is first confirmed. */
        post: operations["submitLead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cua-api/chat/files/{workRequestId}/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a file an agent shared (newAgentFileTransfer). */
        get: operations["downloadFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description A boolean as form encoding carries it.
         * @enum {string}
         */
        FormBoolean: "true" | "false";
        /** @description Form-encoded. Extra properties are the page's configured attributes, merged in. */
        AvailabilityRequest: {
            /** @description Normalised page locale, e.g. en-us. */
            locale: string;
            chatLiteFlag: components["schemas"]["FormBoolean"];
            triagePreChat: components["schemas"]["FormBoolean"];
            hideOnMobiles: components["schemas"]["FormBoolean"];
            ifEnergyPage: components["schemas"]["FormBoolean"];
        } & {
            [key: string]: string;
        };
        /** @description Contact-centre metrics of one service map. Values are strings; parse them. */
        ServiceMetrics: {
            /** @description Estimated wait time in seconds. */
            EWT: string;
            /** @description Agents staffed on the service. */
            ResourceStaffedCount: string;
        } & {
            [key: string]: string;
        };
        ServiceMetricsEntry: {
            metrics: components["schemas"]["ServiceMetrics"];
        };
        /** @description The contact centre's service metrics, keyed by map id ("1".."6"). */
        ContactCentrePrerequisite: {
            serviceMetricsResponseMap: {
                [key: string]: components["schemas"]["ServiceMetricsEntry"];
            };
        };
        /**
         * @description Deployment configuration of the widget, merged under the page's own options (page
         *     options win). Every section 9 constant a deployment may override is here; units as named.
         */
        ChatWidgetParams: {
            /** @description The chat socket URL (ws:// or wss://), path /chat. */
            webChatUrl?: string;
            /** @description The key of serviceMetricsResponseMap the widget reads (default "1"). */
            ewtMapId?: string;
            /** @description Seconds; chat is offered only when EWT is below it; also the connect timeout (default 600). */
            maxWaitTime?: number;
            /** @description Seconds; chat is offered only when EWT is at least this (default 0). */
            minWaitTime?: number;
            /** @description Fewest staffed agents for chat to be offered (default 1). */
            minAgentCount?: number;
            /** @description Minutes shown when no wait time is known (default 1). */
            defaultWaitTime?: number;
            /** @description Milliseconds before an agent's typing indicator clears (default 5000). */
            agentTypingTimeout?: number;
            /** @description Milliseconds between pings (default 5000). */
            pingTimer?: number;
            /** @description Milliseconds before the widget resets after a chat ends (default 5000). */
            resetTimer?: number;
            /** @description Milliseconds between reconnect attempts (default 3000). */
            retryInterval?: number;
            /** @description Reconnect attempts before giving up (default 200). */
            maxNumberOfRetries?: number;
            /** @description Seconds a stored session stays resumable (default 300). */
            refreshTimeoutSeconds?: number;
            /** @description Milliseconds between two customer typing signals (default 10000). */
            timeBetweenMsgs?: number;
            /** @description Milliseconds the status card stays visible (default 10000). */
            statusCardShowTime?: number;
            /** @description requestChat priority, 1..10 (default 5). */
            priority?: number;
            /** @description requestChat lease time in hours (default 0). */
            leaseTime?: number;
            /** @description Longest first or last name (default 50). */
            namesMaxCharCount?: number;
            /** @description Route point of requestChat (default Sales_prod). */
            routePointIdentifier?: string;
            /** @description formId of the lead submission (default Sales). */
            pageType?: string;
            /** @description Routing attributes (default Country.US, Language.English, LOB.Sales, Concern.Drive). */
            attributes?: string[];
            /** @description Path of the callback submission (default /cua-api/forms/callback). */
            callbackPath?: string;
            /** @description Path of the lead submission (default /cua-api/forms/lead). */
            leadPath?: string;
            /** @description Template of the download URL with {workRequestId} and {uuid} (default /cua-api/chat/files/{workRequestId}/{uuid}). */
            fileDownloadUrl?: string;
            /** @description Hide the bot as a participant (default false). */
            suppressChatbotPresence?: boolean;
            /** @description Show observing supervisors (default false). */
            notifyObserve?: boolean;
            /** @description Show barging supervisors (default true). */
            notifyBarge?: boolean;
            /** @description Open the dialog directly, without the minimizable bubble (default false). */
            bypassBubble?: boolean;
            /** @description Fields of the pre-chat form; absent or empty = the product spec's defaults (firstName, lastName, email, phoneNumber, postalCode, getUpdates). */
            preEngagementConfig?: components["schemas"]["FieldDefinition"][];
            /** @description Fields of the callback form; absent or empty = the product spec's defaults. */
            callBackFormConfig?: components["schemas"]["FieldDefinition"][];
        } & {
            [key: string]: unknown;
        };
        /** @description One form field as a deployment configures it (product spec section 3). The widget drops and logs an entry it cannot read. */
        FieldDefinition: {
            /** @enum {string} */
            type: "InputItem" | "SelectItem" | "CheckboxItem";
            attributes: {
                /** @description A known field name (email, firstName, lastName, phone or phoneNumber, postalCode or zip, province, city, getUpdates, productInterested, subject) or any other. */
                name: string;
                /** @description The input type (text, email, tel...). */
                type?: string;
                required?: boolean;
                placeholder?: string;
            };
            label?: string;
            /** @description SelectItem options ({ value, label, selected }) or CheckboxItem options (strings). */
            options?: (string | {
                value: string;
                label?: string;
                selected?: boolean;
            })[];
        };
        AvailabilityResponse: {
            /** @description Live chat can be offered. */
            success: boolean;
            /** @description The check failed on the server; polling stops. */
            error?: boolean;
            ccPrerequisite?: components["schemas"]["ContactCentrePrerequisite"];
            /** @description Polls before giving up (default 1). */
            maxAttempts?: number;
            /** @description Use the newer widget look (default false). */
            useLatestTDS?: boolean;
            /** @description Empty required fields are ignored (default false). */
            useEngagementPlaceholderData?: boolean;
            chatWidgetParams?: components["schemas"]["ChatWidgetParams"];
        } & {
            [key: string]: unknown;
        };
        Option: {
            value: string;
            label: string;
        };
        CountryData: {
            provinceList: components["schemas"]["Option"][];
            /** @description Cities keyed by province value. */
            cityList: {
                [key: string]: components["schemas"]["Option"][];
            };
        };
        Phone: {
            /** @description ISO 3166-1 alpha-2 country. */
            country: string;
            /** @description Country calling code without +. */
            code: string;
            /** @description National number, trunk prefix stripped. */
            number: string;
        };
        CallbackField: {
            name: string;
            value: string | string[] | components["schemas"]["Phone"];
        };
        CallbackRequest: {
            /** @constant */
            formId: "179";
            /** @constant */
            formType: "legacy";
            /** @description e.g. en-US */
            formLocale: string;
            formData: {
                fields: components["schemas"]["CallbackField"][];
            };
        };
        /** @description The customer details; attributes joined by commas. */
        LeadFormData: {
            firstName?: string;
            lastName?: string;
            email?: string;
            phoneNumber?: string;
            phone?: components["schemas"]["Phone"];
            postalCode?: string;
            zip?: string;
            province?: string;
            city?: string;
            getUpdates?: string;
            subject?: string;
            /** @description Routing attributes joined by commas. */
            attributes?: string;
        } & {
            [key: string]: string;
        };
        LeadRequest: {
            useEngagementPlaceholderData: boolean;
            /** @description The page type (default Sales). */
            formId: string;
            formData: components["schemas"]["LeadFormData"];
            locale: string;
            /** @description The chat's workRequestId. */
            contextID: string;
        };
        SubmissionResult: {
            /** @constant */
            success: true;
        };
        SubmissionFailure: {
            /** @constant */
            success: false;
            message: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    checkAvailability: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["AvailabilityRequest"];
            };
        };
        responses: {
            /** @description The availability answer. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilityResponse"];
                };
            };
        };
    };
    getCountryData: {
        parameters: {
            query: {
                /**
                 * @description The page locale with an underscore, e.g. zh_CN.
                 * @example zh_CN
                 */
                locale: string;
                /** @description Sent as true for zh_CN and ko_KR. */
                additional?: "true";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Province list and cities keyed by province value. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CountryData"];
                };
            };
        };
    };
    submitCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallbackRequest"];
            };
        };
        responses: {
            /** @description The callback was recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResult"];
                };
            };
            /** @description The callback was not recorded; the widget shows 'Something went wrong!'. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionFailure"];
                };
            };
        };
    };
    submitLead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadRequest"];
            };
        };
        responses: {
            /** @description The lead was recorded (errors are only logged by the widget). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionResult"];
                };
            };
            /** @description The lead was not recorded. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionFailure"];
                };
            };
        };
    };
    downloadFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The chat's context id.
                 * @example 00A1B2C3D4E5F60718293A4B5C6D7E8F
                 */
                workRequestId: string;
                /**
                 * @description The file id from the notification.
                 * @example 3b7f0c62-5a0e-4f4e-8d0b-7d5f0e1c9a24
                 */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, as an attachment. */
            200: {
                headers: {
                    /** @description attachment; filename="the file name" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description No such file in this chat. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubmissionFailure"];
                };
            };
        };
    };
}
